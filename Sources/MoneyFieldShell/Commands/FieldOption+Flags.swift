import MoneyFieldEngine

extension FieldOption {
    /// The flag of the option that `setting` gives a value, read from the table, so that help and
    /// messages name an option without spelling it again: `flag { $0.allowsNegative = true }` is
    /// the allow-negative option's flag.
    public static func flag(setting: (inout FieldOptions) -> Void) -> String { row(setting: setting).name }

    /// The row of the option that `setting` gives a value: the one row that writes it back.
    public static func row(setting: (inout FieldOptions) -> Void) -> FieldOption {
        var options = FieldOptions()
        setting(&options)
        guard let option = all.first(where: { $0.written(options) != nil }) else {
            preconditionFailure("no row of new's option table writes that setting")
        }
        return option
    }
}
