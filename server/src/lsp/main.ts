// Placeholder entry replaced by the language server (issue 7); keeps the build's entry list valid.
export {};
