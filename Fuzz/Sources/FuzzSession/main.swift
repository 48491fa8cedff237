import FuzzDriver

runFuzzer { data, size in fuzzSession(data, size) }
