/// Scripts more than one test suite plays.
package enum SampleScripts {
    /// A demo of two steps, with a caption before each and one after the last.
    package static let demo = """
        # Type one dollar.
        > type 100
        amount: $1.00|
        > type <left><bs>
        amount: $0.1|0
        # That was the demo.
        """
}
