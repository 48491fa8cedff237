import MoneyField
import Foundation
var bad = 0, total = 0
let t0 = Date()
for loc in LocaleCatalog.identifiers {
  for cur in ["USD","JPY","KWD","EUR"] {
    for acc in [false, true] {
      total += 1
      let f = CurrencyFormat.cached(for: FormatKey(locale: loc, currency: cur, fractionDigits: CurrencyCatalog.fractionDigits(for: cur), accounting: acc))
      if !f.isCompiled { bad += 1; if bad < 15 { print("fallback", loc, cur, acc) } }
    }
  }
}
print(bad, "of", total, Date().timeIntervalSince(t0))
