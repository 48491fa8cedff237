import Foundation
import MoneyField

/// A session of many fields in varied locales, each with some digits typed and rendered once.
public enum MemorySession {
    static func locale(_ index: Int, of count: Int) -> String {
        let identifiers = LocaleCatalog.identifiers
        return identifiers[(index * identifiers.count / max(count, 1)) % identifiers.count]
    }

    public static func distinctLocales(count: Int) -> Int {
        Set((0..<count).map { locale($0, of: count) }).count
    }

    public static func fields(count: Int) -> [MoneyField] {
        var fields: [MoneyField] = []
        fields.reserveCapacity(count)
        var checksum = 0
        for index in 0..<count {
            let locale = locale(index, of: count)
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
