print("sqlite-probe")
