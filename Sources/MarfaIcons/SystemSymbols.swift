/// SF Symbols that stand for common Lucide icons, by Lucide name. A hand-made table: an icon missing
/// here draws Lucide's own artwork.
enum SystemSymbols {
    static let byLucideName: [String: String] = [
        "activity": "waveform.path.ecg", "archive": "archivebox", "at-sign": "at", "bell": "bell",
        "bike": "bicycle", "book": "book.closed", "book-open": "book", "bookmark": "bookmark",
        "brain": "brain", "briefcase": "briefcase", "building-2": "building.2", "bus": "bus",
        "calendar": "calendar", "camera": "camera", "car": "car", "check": "checkmark", "circle": "circle",
        "circle-help": "questionmark.circle", "clock": "clock", "cloud": "cloud",
        "code": "chevron.left.forwardslash.chevron.right", "coffee": "cup.and.saucer", "cpu": "cpu",
        "credit-card": "creditcard", "dollar-sign": "dollarsign", "droplet": "drop", "dumbbell": "dumbbell",
        "eye": "eye", "file": "doc", "file-text": "doc.text", "film": "film", "flag": "flag", "flame": "flame",
        "folder": "folder", "gamepad-2": "gamecontroller", "gift": "gift", "globe": "globe",
        "graduation-cap": "graduationcap", "hammer": "hammer", "hash": "number", "headphones": "headphones",
        "heart": "heart", "house": "house", "image": "photo", "inbox": "tray", "info": "info.circle",
        "key": "key", "keyboard": "keyboard", "laptop": "laptopcomputer", "leaf": "leaf",
        "lightbulb": "lightbulb", "link": "link", "list": "list.bullet", "lock": "lock", "mail": "envelope",
        "map": "map", "map-pin": "mappin", "mic": "mic", "minus": "minus", "monitor": "display",
        "moon": "moon", "music": "music.note", "newspaper": "newspaper", "package": "shippingbox",
        "paperclip": "paperclip", "paw-print": "pawprint", "pencil": "pencil", "phone": "phone",
        "pill": "pills", "plane": "airplane", "plus": "plus", "printer": "printer", "scissors": "scissors",
        "search": "magnifyingglass", "server": "server.rack", "settings": "gearshape", "shield": "shield",
        "shirt": "tshirt", "shopping-cart": "cart", "smartphone": "iphone", "snowflake": "snowflake",
        "square": "square", "square-dashed": "square.dashed", "star": "star", "stethoscope": "stethoscope",
        "sun": "sun.max", "tag": "tag", "terminal": "terminal", "ticket": "ticket", "trash-2": "trash",
        "triangle-alert": "exclamationmark.triangle", "trophy": "trophy", "tv": "tv", "umbrella": "umbrella",
        "user": "person", "users": "person.2", "utensils": "fork.knife", "video": "video", "x": "xmark",
        "zap": "bolt",
    ]
}

extension IconArtwork {
    /// The SF Symbol that stands for this Lucide icon (or the fallback), or nil where Lucide's own
    /// artwork is drawn instead. Brand marks never have one.
    public var systemSymbolName: String? {
        switch kind {
        case .brand: return nil
        case .fallback: return SystemSymbols.byLucideName["square-dashed"]
        case .lucide:
            let name = String(id.dropFirst(LucideIconSet.prefix.count + 1))
            return SystemSymbols.byLucideName[LucideArtwork.shared.canonicalName(name)]
        }
    }
}
