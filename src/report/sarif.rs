//! SARIF 2.1.0, the format code-scanning dashboards read. Results are streamed; the run's rule
//! list (every code that occurred) is written after them, which JSON's unordered objects allow.

use super::{FileInfo, ReportWriter, Show, Totals};
use crate::check::GameReport;
use crate::reader::Severity;
use serde_json::json;
use std::collections::BTreeMap;
use std::io::{self, Write};

const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

pub struct SarifWriter<W> {
    out: W,
    show: Show,
    listed: u64,
    /// Codes seen, with their level, for the rule list.
    rules: BTreeMap<&'static str, Severity>,
}

impl<W: Write> SarifWriter<W> {
    pub fn new(mut out: W, show: Show) -> io::Result<Self> {
        write!(
            out,
            "{{\"$schema\":{},\"version\":\"2.1.0\",\"runs\":[{{\"results\":[",
            json!(SCHEMA_URI)
        )?;
        Ok(SarifWriter {
            out,
            show,
            listed: 0,
            rules: BTreeMap::new(),
        })
    }
}

fn level(level: Severity) -> &'static str {
    match level {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// A relative URI reference for a path as given (forward slashes, spaces and `%` escaped).
fn uri(name: &str) -> String {
    name.replace('\\', "/")
        .replace('%', "%25")
        .replace(' ', "%20")
}

impl<W: Write> ReportWriter for SarifWriter<W> {
    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        for f in &game.findings {
            if !self.show.lists(f, self.listed) {
                continue;
            }
            if self.listed > 0 {
                self.out.write_all(b",")?;
            }
            self.listed += 1;
            self.rules.insert(f.code, f.level);
            let mut properties = json!({"game": game.index});
            if let Some(ply) = f.ply {
                properties["ply"] = json!(ply);
            }
            if let Some(n) = f.move_number {
                properties["moveNumber"] = json!(n);
            }
            if let Some(fen) = &f.fen_before {
                properties["fenBefore"] = json!(fen);
            }
            if !f.legal_moves.is_empty() {
                properties["legalMoves"] = json!(f.legal_moves);
            }
            let result = json!({
                "ruleId": f.code,
                "level": level(f.level),
                "message": {"text": f.message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri(&file.name)},
                        "region": {
                            "startLine": f.span.line.max(1),
                            "startColumn": f.span.column.max(1),
                            "byteOffset": f.span.offset,
                            "byteLength": f.span.len,
                        }
                    }
                }],
                "properties": properties,
            });
            self.out.write_all(b"\n")?;
            serde_json::to_writer(&mut self.out, &result)?;
        }
        Ok(())
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        let rules: Vec<_> = self
            .rules
            .iter()
            .map(|(code, l)| json!({"id": code, "defaultConfiguration": {"level": level(*l)}}))
            .collect();
        let tool = json!({"driver": {
            "name": "pdnkit",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules,
        }});
        write!(
            self.out,
            "\n],\"tool\":{tool},\"properties\":{}}}]}}\n",
            json!({"totals": totals})
        )?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_use_forward_slashes_and_escape_spaces() {
        assert_eq!(uri(r"games\my file.pdn"), "games/my%20file.pdn");
    }
}
