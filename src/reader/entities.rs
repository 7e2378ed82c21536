//! HTML character references in tag names, as some web exporters write them
//! (`[R&#x00e9;sultat "0-2"]`, `[&Eacute;v&eacute;nement "x"]`).

/// Named references seen in tag names (Latin letters of the languages whose names are mapped),
/// and the markup ones.
const NAMED: &[(&str, char)] = &[
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", ' '),
    ("aacute", 'á'),
    ("agrave", 'à'),
    ("acirc", 'â'),
    ("auml", 'ä'),
    ("ccedil", 'ç'),
    ("eacute", 'é'),
    ("egrave", 'è'),
    ("ecirc", 'ê'),
    ("euml", 'ë'),
    ("iacute", 'í'),
    ("icirc", 'î'),
    ("iuml", 'ï'),
    ("oacute", 'ó'),
    ("ocirc", 'ô'),
    ("ouml", 'ö'),
    ("uacute", 'ú'),
    ("ugrave", 'ù'),
    ("ucirc", 'û'),
    ("uuml", 'ü'),
    ("szlig", 'ß'),
    ("Eacute", 'É'),
    ("Egrave", 'È'),
    ("Agrave", 'À'),
    ("Ccedil", 'Ç'),
    ("Ouml", 'Ö'),
    ("Uuml", 'Ü'),
];

/// The text with every well-formed reference (`&#233;`, `&#x00e9;`, `&eacute;`) replaced by its
/// character; `None` when there is none. Anything else, a lone `&` included, is kept as written.
pub fn decode(text: &str) -> Option<String> {
    if !text.contains('&') {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut decoded = false;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        match after
            .find(';')
            .and_then(|end| Some((reference(&after[..end])?, end)))
        {
            Some((c, end)) => {
                out.push(c);
                decoded = true;
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    decoded.then_some(out)
}

/// The character of one reference, written without its `&` and `;`.
fn reference(body: &str) -> Option<char> {
    if let Some(number) = body.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        // (Control characters and the replacement character are no letters of a name.)
        return char::from_u32(code)
            .filter(|c| !c.is_control() && *c != char::REPLACEMENT_CHARACTER);
    }
    NAMED
        .iter()
        .find(|(name, _)| *name == body)
        .map(|(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn references_are_decoded() {
        assert_eq!(
            decode("&#x00c9;v&#x00e9;nement").as_deref(),
            Some("Événement")
        );
        assert_eq!(decode("R&#233;sultat").as_deref(), Some("Résultat"));
        assert_eq!(
            decode("&Eacute;v&eacute;nement").as_deref(),
            Some("Événement")
        );
    }

    #[test]
    fn anything_else_is_kept() {
        assert_eq!(decode("Event"), None);
        assert_eq!(decode("A & B"), None);
        assert_eq!(decode("&bogus;"), None);
        assert_eq!(decode("&#x110000;"), None);
        assert_eq!(decode("&#1;"), None);
        assert_eq!(decode("a&amp;b&").as_deref(), Some("a&b&"));
    }
}
