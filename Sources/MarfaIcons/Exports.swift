// `import MarfaIcons` also brings the pinned ID lists (`LucideIconSet`, `SimpleIconsSet`, `IconSets`).
@_exported import MarfaIconSets
