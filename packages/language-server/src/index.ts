// The stdio server over @mailroom/language; the entry points are written in the language-server issue.
export {};
