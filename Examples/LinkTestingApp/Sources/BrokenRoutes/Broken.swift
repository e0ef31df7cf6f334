// A target whose route file has errors: the build must fail, naming each one on its line.
