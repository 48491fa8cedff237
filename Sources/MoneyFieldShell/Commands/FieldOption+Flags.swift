import MoneyFieldEngine

extension FieldOption {
    /// The flag of the option that `setting` gives a value, read from the table, so that help and
    /// messages name an option without spelling it again: `flag { $0.allowsNegative = true }` is
    /// `--allow-negative`.
    public static func flag(setting: (inout FieldOptions) -> Void) -> String {
        var options = FieldOptions()
        setting(&options)
        guard let option = all.first(where: { $0.written(options) != nil }) else {
            preconditionFailure("no row of new's option table writes that setting")
        }
        return option.name
    }
}
