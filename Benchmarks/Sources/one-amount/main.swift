import Foundation

// The least a start-up of `moneyfield test` must do: a static Swift program that prints one
// amount formatted by ICU. moneyfield-bench times both and reports the ratio.
print(Decimal(sign: .plus, exponent: -2, significand: 123_456).formatted(.currency(code: "USD").locale(Locale(identifier: "en_US"))))
