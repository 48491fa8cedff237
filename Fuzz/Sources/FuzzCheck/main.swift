import FuzzDriver

runFuzzer { data, size in fuzzCheck(data, size) }
