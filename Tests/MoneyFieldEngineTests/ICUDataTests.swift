import Foundation
import MoneyFieldEngine
import Testing

/// The facts read straight from ICU equal the ones read off formatted text, everywhere: the
/// direct reads only make a first field cheaper, never different.
@Suite("ICU data read directly")
struct ICUDataTests {
    @Test("every currency's default fraction digits equal what ICU prints for zero")
    func fractionDigits() {
        var compared = 0
        for code in CurrencyCatalog.codes {
            guard let direct = ICUData.defaultFractionDigits(currency: code) else { continue }
            #expect(direct == CurrencyCatalog.formattedFractionDigits(for: code), "\(code)")
            compared += 1
        }
        #if canImport(_FoundationICU)
        #expect(compared == CurrencyCatalog.codes.count)
        #endif
    }

    @Test("what is not a three-letter code has no fraction digits from ICU", arguments: ["", "X", "US", "USDX", "U$D", "ÜSD"])
    func notACode(code: String) {
        #expect(ICUData.defaultFractionDigits(currency: code) == nil)
    }

    /// Every listed locale, and every numbering system on a locale that has its own digits.
    static let localeIdentifiers: [String] = LocaleCatalog.identifiers
        + Locale.NumberingSystem.availableNumberingSystems.map { "ar_EG@numbers=\($0.identifier)" }

    @Test("every locale's digit glyphs equal the ones ICU prints for 0 to 9")
    func digitGlyphs() {
        var compared = 0
        for identifier in Self.localeIdentifiers {
            let formatted = DigitGlyphs.formattedDigits(localeIdentifier: identifier)
            if let direct = ICUData.decimalDigits(localeIdentifier: identifier) {
                #expect(direct == formatted, "\(identifier)")
                compared += 1
            } else {
                // Algorithmic systems: ICU formats them with Latin digits, which the fallback reads.
                #expect(formatted == (0...9).map { Unicode.Scalar(48 + UInt8($0)) }, "\(identifier)")
            }
        }
        #if canImport(_FoundationICU)
        #expect(compared >= LocaleCatalog.identifiers.count)
        #endif
    }
}
