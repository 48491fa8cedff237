import FuzzDriver

runFuzzer { data, size in fuzzTranscript(data, size) }
