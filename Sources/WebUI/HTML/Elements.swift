// Element functions: `div(.class("x")) { … }`. Generated once from a list of tag names; the
// names are literals here, so they can never come from input. Head elements (html, meta, link,
// script, title) are used by `Shell` only and are not public.

public func div(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("div", isVoid: false), attributes: attributes, children: content())
}

public func span(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("span", isVoid: false), attributes: attributes, children: content())
}

public func p(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("p", isVoid: false), attributes: attributes, children: content())
}

public func a(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("a", isVoid: false), attributes: attributes, children: content())
}

public func h1(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("h1", isVoid: false), attributes: attributes, children: content())
}

public func h2(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("h2", isVoid: false), attributes: attributes, children: content())
}

public func h3(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("h3", isVoid: false), attributes: attributes, children: content())
}

public func h4(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("h4", isVoid: false), attributes: attributes, children: content())
}

public func ul(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("ul", isVoid: false), attributes: attributes, children: content())
}

public func ol(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("ol", isVoid: false), attributes: attributes, children: content())
}

public func li(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("li", isVoid: false), attributes: attributes, children: content())
}

public func nav(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("nav", isVoid: false), attributes: attributes, children: content())
}

public func header(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("header", isVoid: false), attributes: attributes, children: content())
}

public func main(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("main", isVoid: false), attributes: attributes, children: content())
}

public func footer(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("footer", isVoid: false), attributes: attributes, children: content())
}

public func section(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("section", isVoid: false), attributes: attributes, children: content())
}

public func article(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("article", isVoid: false), attributes: attributes, children: content())
}

public func aside(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("aside", isVoid: false), attributes: attributes, children: content())
}

public func form(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("form", isVoid: false), attributes: attributes, children: content())
}

public func button(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("button", isVoid: false), attributes: attributes, children: content())
}

public func label(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("label", isVoid: false), attributes: attributes, children: content())
}

public func select(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("select", isVoid: false), attributes: attributes, children: content())
}

public func option(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("option", isVoid: false), attributes: attributes, children: content())
}

public func optgroup(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("optgroup", isVoid: false), attributes: attributes, children: content())
}

public func textarea(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("textarea", isVoid: false), attributes: attributes, children: content())
}

public func fieldset(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("fieldset", isVoid: false), attributes: attributes, children: content())
}

public func legend(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("legend", isVoid: false), attributes: attributes, children: content())
}

public func table(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("table", isVoid: false), attributes: attributes, children: content())
}

public func thead(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("thead", isVoid: false), attributes: attributes, children: content())
}

public func tbody(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("tbody", isVoid: false), attributes: attributes, children: content())
}

public func tfoot(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("tfoot", isVoid: false), attributes: attributes, children: content())
}

public func tr(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("tr", isVoid: false), attributes: attributes, children: content())
}

public func th(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("th", isVoid: false), attributes: attributes, children: content())
}

public func td(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("td", isVoid: false), attributes: attributes, children: content())
}

public func caption(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("caption", isVoid: false), attributes: attributes, children: content())
}

public func strong(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("strong", isVoid: false), attributes: attributes, children: content())
}

public func em(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("em", isVoid: false), attributes: attributes, children: content())
}

public func small(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("small", isVoid: false), attributes: attributes, children: content())
}

public func code(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("code", isVoid: false), attributes: attributes, children: content())
}

public func pre(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("pre", isVoid: false), attributes: attributes, children: content())
}

public func figure(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("figure", isVoid: false), attributes: attributes, children: content())
}

public func figcaption(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("figcaption", isVoid: false), attributes: attributes, children: content())
}

public func details(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("details", isVoid: false), attributes: attributes, children: content())
}

public func summary(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("summary", isVoid: false), attributes: attributes, children: content())
}

public func dl(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("dl", isVoid: false), attributes: attributes, children: content())
}

public func dt(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("dt", isVoid: false), attributes: attributes, children: content())
}

public func dd(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("dd", isVoid: false), attributes: attributes, children: content())
}

public func blockquote(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("blockquote", isVoid: false), attributes: attributes, children: content())
}

public func output(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("output", isVoid: false), attributes: attributes, children: content())
}

public func progress(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("progress", isVoid: false), attributes: attributes, children: content())
}

public func meter(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("meter", isVoid: false), attributes: attributes, children: content())
}

public func noscript(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("noscript", isVoid: false), attributes: attributes, children: content())
}

public func picture(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("picture", isVoid: false), attributes: attributes, children: content())
}

// Void elements: no children, no closing tag.

public func input(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("input", isVoid: true), attributes: attributes, children: [])
}

public func img(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("img", isVoid: true), attributes: attributes, children: [])
}

public func br(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("br", isVoid: true), attributes: attributes, children: [])
}

public func hr(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("hr", isVoid: true), attributes: attributes, children: [])
}

public func source(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("source", isVoid: true), attributes: attributes, children: [])
}

public func wbr(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("wbr", isVoid: true), attributes: attributes, children: [])
}
