// Element functions: `div(.class("x")) { … }`. Generated once from a list of tag names; the
// names are literals here, so they can never come from input. Head elements (html, meta, link,
// script, title) are used by `Shell` only and are not public.

public func div(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("div"), attributes: attributes, children: content())
}

public func span(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("span"), attributes: attributes, children: content())
}

public func p(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("p"), attributes: attributes, children: content())
}

public func a(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("a"), attributes: attributes, children: content())
}

public func h1(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("h1"), attributes: attributes, children: content())
}

public func h2(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("h2"), attributes: attributes, children: content())
}

public func h3(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("h3"), attributes: attributes, children: content())
}

public func h4(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("h4"), attributes: attributes, children: content())
}

public func ul(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("ul"), attributes: attributes, children: content())
}

public func ol(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("ol"), attributes: attributes, children: content())
}

public func li(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("li"), attributes: attributes, children: content())
}

public func nav(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("nav"), attributes: attributes, children: content())
}

public func header(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("header"), attributes: attributes, children: content())
}

public func main(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("main"), attributes: attributes, children: content())
}

public func footer(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("footer"), attributes: attributes, children: content())
}

public func section(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("section"), attributes: attributes, children: content())
}

public func article(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("article"), attributes: attributes, children: content())
}

public func aside(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("aside"), attributes: attributes, children: content())
}

public func form(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("form"), attributes: attributes, children: content())
}

public func button(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("button"), attributes: attributes, children: content())
}

public func label(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("label"), attributes: attributes, children: content())
}

public func select(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("select"), attributes: attributes, children: content())
}

public func option(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("option"), attributes: attributes, children: content())
}

public func optgroup(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("optgroup"), attributes: attributes, children: content())
}

public func textarea(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("textarea"), attributes: attributes, children: content())
}

public func fieldset(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("fieldset"), attributes: attributes, children: content())
}

public func legend(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("legend"), attributes: attributes, children: content())
}

public func table(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("table"), attributes: attributes, children: content())
}

public func thead(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("thead"), attributes: attributes, children: content())
}

public func tbody(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("tbody"), attributes: attributes, children: content())
}

public func tfoot(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("tfoot"), attributes: attributes, children: content())
}

public func tr(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("tr"), attributes: attributes, children: content())
}

public func th(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("th"), attributes: attributes, children: content())
}

public func td(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("td"), attributes: attributes, children: content())
}

public func caption(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("caption"), attributes: attributes, children: content())
}

public func strong(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("strong"), attributes: attributes, children: content())
}

public func em(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("em"), attributes: attributes, children: content())
}

public func small(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("small"), attributes: attributes, children: content())
}

public func code(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("code"), attributes: attributes, children: content())
}

public func pre(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("pre"), attributes: attributes, children: content())
}

public func figure(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("figure"), attributes: attributes, children: content())
}

public func figcaption(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("figcaption"), attributes: attributes, children: content())
}

public func details(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("details"), attributes: attributes, children: content())
}

public func summary(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("summary"), attributes: attributes, children: content())
}

public func dl(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("dl"), attributes: attributes, children: content())
}

public func dt(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("dt"), attributes: attributes, children: content())
}

public func dd(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("dd"), attributes: attributes, children: content())
}

public func blockquote(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("blockquote"), attributes: attributes, children: content())
}

public func output(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("output"), attributes: attributes, children: content())
}

public func progress(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("progress"), attributes: attributes, children: content())
}

public func meter(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("meter"), attributes: attributes, children: content())
}

public func noscript(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("noscript"), attributes: attributes, children: content())
}

public func picture(_ attributes: Attribute..., @HTMLBuilder content: () -> [Node] = { [] }) -> Node {
    .element(tag: TagName("picture"), attributes: attributes, children: content())
}

// Void elements: no children, no closing tag.

public func input(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("input"), attributes: attributes, children: [])
}

public func img(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("img"), attributes: attributes, children: [])
}

public func br(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("br"), attributes: attributes, children: [])
}

public func hr(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("hr"), attributes: attributes, children: [])
}

public func source(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("source"), attributes: attributes, children: [])
}

public func wbr(_ attributes: Attribute...) -> Node {
    .element(tag: TagName("wbr"), attributes: attributes, children: [])
}
