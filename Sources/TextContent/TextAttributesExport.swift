// The model is written in the attributes' vocabulary: `import TextContent` gives both, as an
// app that stores attributed text needs both.
@_exported import TextAttributes
