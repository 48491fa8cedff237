import Foundation
import MoneyFieldEngine

/// A session of many fields in varied locales, each with some digits typed and rendered once.
public enum MemorySession {
    /// Field `index`'s locale: spread evenly over the catalog, cycling through `spread` of them.
    public static func locale(_ index: Int, spread: Int) -> String {
        let identifiers = LocaleCatalog.identifiers
        let spread = min(max(spread, 1), identifiers.count)
        return identifiers[(index % spread) * identifiers.count / spread]
    }

    public static func distinctLocales(count: Int, localeSpread: Int) -> Int {
        Set((0..<count).map { locale($0, spread: localeSpread) }).count
    }

    /// This process's peak resident set (`VmHWM`), in bytes.
    public static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kibibytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return kibibytes.map { $0 * 1024 }
        }
        return nil
    }

    /// What ICU alone holds for the same locales: each one's currency formatted once through
    /// Foundation, no field. The floor under `fields(count:localeSpread:)`.
    public static func formatsOnly(count: Int, localeSpread: Int) -> Int {
        var checksum = 0
        for index in 0..<count {
            let locale = locale(index, spread: localeSpread)
            let currency = Locale(identifier: locale).currency?.identifier ?? "USD"
            checksum &+= Decimal(1234).formatted(.currency(code: currency).locale(Locale(identifier: locale))).utf8.count
        }
        return checksum
    }

    public static func fields(count: Int, localeSpread: Int) -> [MoneyField] {
        var fields: [MoneyField] = []
        fields.reserveCapacity(count)
        var checksum = 0
        for index in 0..<count {
            let locale = locale(index, spread: localeSpread)
            var currency = Locale(identifier: locale).currency?.identifier ?? "USD"
            if (try? CurrencyCatalog.canonical(currency)) == nil { currency = "USD" }
            // Every identifier comes from the catalog, so this configuration is valid.
            var field = MoneyField(try! FieldConfiguration(locale: locale, currency: currency))
            for step in 0..<(1 + index % 9) { try? field.press(.digit(UInt8((index + step) % 10))) }
            checksum &+= field.rendering.caretOffset
            fields.append(field)
        }
        KeyTiming.sink(checksum)
        return fields
    }
}
