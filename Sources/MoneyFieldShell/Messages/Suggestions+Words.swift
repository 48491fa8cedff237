import MoneyFieldEngine

extension Suggestions {
    /// "; did you mean X or Y?" or "" when nothing is close.
    static func didYouMean(_ names: [String]) -> String {
        switch names.count {
        case 0: ""
        case 1: "; did you mean \(names[0])?"
        default: "; did you mean \(names.dropLast().joined(separator: ", ")) or \(names.last!)?"
        }
    }
}
