import Foundation
import Synchronization

/// ISO 4217 codes as ICU knows them, and the fraction digits ICU formats each with.
public enum CurrencyCatalog {
    /// Every ISO 4217 code ICU lists (current and historic), sorted.
    public static let codes: [String] = codeSet.sorted()

    private static let codeSet = Set(Locale.Currency.isoCurrencies.map(\.identifier))

    /// The currency of a fresh session's field.
    public static let defaultCode = "USD"

    /// The upper-cased code, or `unknownCurrency`.
    public static func canonical(_ input: String) throws(FieldError) -> String {
        if input == defaultCode { return input }
        let code = input.trimmingSpaces().uppercased()
        guard code.count == 3, codeSet.contains(code) else {
            throw .unknownCurrency(input)
        }
        return code
    }

    private static let fractionDigitsCache = Mutex<[String: Int]>([:])

    /// The fraction digits ICU applies by default (USD 2, JPY 0, KWD 3, CLF 4, IDR 0).
    public static func fractionDigits(for code: String) -> Int {
        if let known = fractionDigitsCache.withLock({ $0[code] }) { return known }
        let digits = ICUData.defaultFractionDigits(currency: code) ?? formattedFractionDigits(for: code)
        fractionDigitsCache.withLock { $0[code] = digits }
        return digits
    }

    /// The fraction digits read from what ICU prints for zero, because on Linux
    /// `NumberFormatter.maximumFractionDigits` says 2 for every currency. A fixed locale keeps
    /// them from changing with the display locale.
    package static func formattedFractionDigits(for code: String) -> Int {
        let style = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: "en"))
        let printed = Decimal.zero.formatted(style)
        let digitCount = printed.unicodeScalars.filter { $0.properties.numericType == .decimal }.count
        return max(0, digitCount - 1)
    }

    /// The currency's English name, for listings.
    public static func name(of code: String) -> String {
        Locale(identifier: "en").localizedString(forCurrencyCode: code) ?? code
    }
}
