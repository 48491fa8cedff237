#if canImport(_FoundationICU)
import _FoundationICU
#endif

/// Two facts read straight from the ICU that Foundation ships, without building a formatter:
/// a first field then pays for one ICU number formatter (its own), as a bare program does.
///
/// Where Foundation carries no `_FoundationICU` (Apple platforms), each answer is nil and the
/// callers read the same fact off formatted text. `ICUDataTests` holds both ways equal for
/// every locale and currency.
package enum ICUData {
    /// The fraction digits ICU gives the currency by default (`ucurr_getDefaultFractionDigits`).
    package static func defaultFractionDigits(currency code: String) -> Int? {
        #if canImport(_FoundationICU)
        // ICU reads three code units whatever the string's length: anything else is no code.
        guard code.utf8.count == 3, code.utf8.allSatisfy({ ($0 | 0x20) &- 0x61 < 26 }) else { return nil }
        var units = Array(code.utf16) + [0]
        var status = U_ZERO_ERROR
        let digits = swift_ucurr_getDefaultFractionDigits(&units, &status)
        return status.rawValue <= U_ZERO_ERROR.rawValue && digits >= 0 ? Int(digits) : nil
        #else
        return nil
        #endif
    }

    /// The ten digit glyphs, 0 to 9, of the locale's default numbering system; nil for an
    /// algorithmic system or one that is not ten single scalars.
    package static func decimalDigits(localeIdentifier: String) -> [Unicode.Scalar]? {
        #if canImport(_FoundationICU)
        var status = U_ZERO_ERROR
        guard let system = swift_unumsys_open(localeIdentifier, &status) else { return nil }
        defer { swift_unumsys_close(system) }
        guard status.rawValue <= U_ZERO_ERROR.rawValue, swift_unumsys_isAlgorithmic(system) == 0,
              swift_unumsys_getRadix(system) == 10 else { return nil }
        var buffer = [UChar](repeating: 0, count: 32)
        let length = swift_unumsys_getDescription(system, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= U_ZERO_ERROR.rawValue, length > 0, length <= buffer.count else { return nil }
        // Decoded by hand: the standard library's UTF-16 transcoding costs a first run more than
        // ICU's lookup (its generic code is set up on first use).
        var scalars: [Unicode.Scalar] = []
        var index = 0
        while index < Int(length) {
            let unit = UInt32(buffer[index])
            if UTF16.isLeadSurrogate(buffer[index]), index + 1 < Int(length), UTF16.isTrailSurrogate(buffer[index + 1]) {
                scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (UInt32(buffer[index + 1]) - 0xDC00))!)
                index += 2
            } else {
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                scalars.append(scalar)
                index += 1
            }
        }
        return scalars.count == 10 ? scalars : nil
        #else
        return nil
        #endif
    }
}
