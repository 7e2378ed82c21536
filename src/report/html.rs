//! One self-contained HTML page (no network: no external script, style, font or image): the
//! run summary and the findings by code, then per file and game the record (its tags, its text
//! with every finding marked, line and column) and each finding with an SVG board of the
//! position before the move (`crate::render::board_svg`). Filters by code, level and file and a
//! search box are a few lines of inline JavaScript; without it everything is shown. A link to
//! `report.html#code=CODE` opens the page filtered by that code.
//!
//! Written with `maud`, which escapes every value put into the page. The games are held in
//! memory until the end, because the summary comes first; `--max-findings` (by default
//! [`DEFAULT_MAX_FINDINGS`]) bounds how many findings are drawn (the rest are counted).

use super::{FileInfo, Listing, ReportWriter, Show, Totals};
use crate::check::{GameReport, catalogue};
use crate::fen;
use crate::finding::Finding;
use crate::reader::Encoding;
use crate::render::{BoardSvg, Orientation, WrittenMove};
use crate::report::human::escape_controls;
use crate::rules::{Move, Numbering, Position, Rules};
use crate::variant::GameType;
use maud::{DOCTYPE, Markup, PreEscaped, html};
use std::collections::BTreeSet;
use std::io::{self, Write};

/// Findings listed when `--max-findings` is not given: a finding with its board takes about
/// 7 KB, so a report of any size stays within some 40 MB (the rest are counted in the summary).
pub const DEFAULT_MAX_FINDINGS: u64 = 5000;

/// Longest record text shown for a game (a longer one is cut, and says so).
const RECORD_BYTES: u64 = 32 << 10;

/// The tags shown above a record, in this order.
const SHOWN_TAGS: [&str; 8] = [
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType",
];

const STYLE: &str = r#"
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fafafa}
h1{font-size:1.5em;margin:0 0 .5em}
table{border-collapse:collapse}td,th{padding:.1em .8em;text-align:left}td.n{text-align:right}
#filters{position:sticky;top:0;background:#fafafa;padding:.5em 0;border-bottom:1px solid #ccc;z-index:1}
#filters label{margin-right:1em}
section.file{margin-top:1.5em}section.file>h2{font-size:1.2em;border-bottom:2px solid #888}
article.game{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.5em 1em;margin:1em 0}
article.game>h3{font-size:1.05em;margin:.2em 0}
dl.tags{display:grid;grid-template-columns:max-content auto;gap:0 1em;margin:.3em 0}dl.tags dt{color:#666}dl.tags dd{margin:0}
pre.record{white-space:pre-wrap;background:#f4f4f4;padding:.5em;max-height:14em;overflow:auto}
mark{background:#ffd6d6;color:#900;font-weight:bold}mark.warning{background:#fff1c2;color:#754}mark.note{background:#dcefff;color:#135}
section.finding{border-top:1px solid #eee;padding:.5em 0;display:flex;flex-wrap:wrap;gap:1em}
section.finding .text{flex:1 1 20em}section.finding h4{margin:0;font-size:1em;font-weight:normal}
.level{font-weight:bold}.error .level{color:#c00}.warning .level{color:#a60}.note .level{color:#06a}
svg.board{max-width:100%;height:auto}.where{color:#555}.cut{color:#a60}
a.fix{font-size:.85em;color:#06a}dl.fixes dt{margin-top:.6em;font-weight:bold}dl.fixes dd{margin:.2em 0 0 1.5em}
"#;

const SCRIPT: &str = r#"
(function(){
var f=document.getElementById('filters');f.hidden=false;
var code=document.getElementById('f-code'),level=document.getElementById('f-level'),
file=document.getElementById('f-file'),q=document.getElementById('f-q');
function apply(){
 var c=code.value,l=level.value,p=file.value,s=q.value.toLowerCase();
 document.querySelectorAll('section.finding').forEach(function(e){
  var show=(!c||e.dataset.code===c)&&(!l||e.dataset.level===l)&&(!p||e.dataset.file===p)&&
   (!s||e.closest('article').textContent.toLowerCase().indexOf(s)>=0);
  e.hidden=!show;});
 document.querySelectorAll('article.game,section.file').forEach(function(g){
  g.hidden=!g.querySelector('section.finding:not([hidden])');});
}
[code,level,file].forEach(function(e){e.addEventListener('change',apply);});
q.addEventListener('input',apply);
document.querySelectorAll('a.code').forEach(function(a){a.addEventListener('click',function(ev){
 ev.preventDefault();code.value=a.dataset.code;apply();});});
var m=/^#code=(.+)$/.exec(location.hash);if(m){code.value=decodeURIComponent(m[1]);apply();}
})();
"#;

/// The HTML report.
pub struct HtmlWriter<W> {
    out: W,
    show: Show,
    listing: Listing,
    /// The page body below the summary, written at the end.
    body: String,
    file_section_open: bool,
    codes: BTreeSet<&'static str>,
    files: Vec<String>,
    findings_written: u64,
}

impl<W: Write> HtmlWriter<W> {
    pub fn new(out: W, show: Show) -> Self {
        HtmlWriter {
            out,
            show,
            listing: Listing::default(),
            body: String::new(),
            file_section_open: false,
            codes: BTreeSet::new(),
            files: Vec::new(),
            findings_written: 0,
        }
    }

    fn open_file_section(&mut self, file: &FileInfo) {
        if self.file_section_open {
            return;
        }
        self.file_section_open = true;
        self.files.push(file.name.clone());
        let name = escape_controls(&file.name);
        self.body.push_str(
            &html! {
                (PreEscaped(format!("<section class=\"file\" data-file=\"{}\">", attr(&file.name))))
                h2 { (name) }
            }
            .into_string(),
        );
    }

    /// The game's text (its line index keeps it), with the findings' spans marked.
    fn record(&mut self, game: &GameReport, findings: &[&Finding]) -> Option<Markup> {
        let start = game.span.offset;
        let bytes = game
            .lines
            .excerpt(game.span.span(), RECORD_BYTES as usize)?;
        let len = bytes.len() as u64;
        let encoding = game.encoding.of_kept_text();
        let cut = u64::from(game.span.len) > len;
        // Marks in order, not overlapping, inside what was read.
        let mut marks: Vec<(usize, usize, &str)> = findings
            .iter()
            .filter(|f| f.span.offset >= start && f.span.len > 0)
            .map(|f| {
                let from = (f.span.offset - start) as usize;
                let to = from + f.span.len as usize;
                (from, to, level_name(f.level))
            })
            .filter(|&(from, to, _)| to <= bytes.len() && from < to)
            .collect();
        marks.sort_by_key(|m| m.0);
        let mut pieces: Vec<(String, Option<&str>)> = Vec::new();
        let mut at = 0;
        for (from, to, level) in marks {
            if from < at {
                continue;
            }
            pieces.push((text(&bytes[at..from], encoding), None));
            pieces.push((text(&bytes[from..to], encoding), Some(level)));
            at = to;
        }
        pieces.push((text(&bytes[at..], encoding), None));
        Some(html! {
            pre.record {
                @for (piece, level) in &pieces {
                    @if let Some(level) = level { mark class=(level) { (piece) } } @else { (piece) }
                }
                @if cut { span.cut { "\n(record cut after " (RECORD_BYTES / 1024) " KB)" } }
            }
        })
    }

    fn finding(&mut self, file: &FileInfo, game: &GameReport, f: &Finding) -> Markup {
        self.codes.insert(f.code.as_str());
        self.findings_written += 1;
        let board = board(game, f);
        let level = level_name(f.level);
        let at = game.locate(f.span);
        html! {
            section class=(format!("finding {level}")) data-code=(f.code.as_str()) data-level=(level) data-file=(file.name) {
                div.text {
                    h4 {
                        span.level { (level) } " " code { "[" (f.code.as_str()) "]" } " " (escape_controls(&f.message))
                        " " a.fix href=(format!("#fix-{}", f.code.as_str())) { "how to fix" }
                    }
                    p.where {
                        (escape_controls(&file.name)) ":" (at.line) ":" (at.column)
                        @if let Some(n) = f.move_number { ", move " (n) }
                        @if let Some(ply) = f.ply { ", ply " (ply) }
                        @if f.depth > 0 { ", variation depth " (f.depth) }
                        @if let Some(token) = &f.token { ", as written: " code { (escape_controls(token)) } }
                    }
                    @if !f.legal_moves.is_empty() {
                        p { "legal moves: " code { (f.legal_moves.join(", ")) } }
                    }
                    @if let Some(fen) = &f.fen_before {
                        p { "position before the move: " code { (escape_controls(fen)) } }
                    }
                }
                @if let Some(board) = board { (board) }
            }
        }
    }
}

/// What each code of the page means and how to fix the record, from the catalogue (the text
/// `pdnkit explain` and `docs/codes.md` give); each finding links to its code's entry.
fn how_to_fix<'a>(codes: impl Iterator<Item = &'a str>) -> Markup {
    let codes: BTreeSet<&str> = codes.collect();
    let entries: Vec<catalogue::Entry> = codes.into_iter().filter_map(catalogue::lookup).collect();
    html! {
        @if !entries.is_empty() {
            section #how-to-fix {
                h2 { "How to fix" }
                dl.fixes {
                    @for entry in &entries {
                        dt id=(format!("fix-{}", entry.code.as_str())) {
                            code { (entry.code.as_str()) } ": " (entry.summary)
                            " (more: " code { "pdnkit explain " (entry.code.as_str()) } ")"
                        }
                        dd { (entry.fix) }
                    }
                }
            }
        }
    }
}

/// `text` for an attribute written by hand (the file section's opening tag).
fn attr(text: &str) -> String {
    maud::html! { (text) }.into_string().replace('"', "&quot;")
}

/// Bytes of the file as text shown on the page, decoded in the character set the game was read
/// in: line ends kept (`\r\n` and `\r` as `\n`), other control characters escaped.
fn text(bytes: &[u8], encoding: Encoding) -> String {
    let text = encoding
        .decode(bytes)
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let lines: Vec<_> = text.split('\n').map(escape_controls).collect();
    lines.join("\n")
}

fn level_name(level: crate::finding::Level) -> &'static str {
    match level {
        crate::finding::Level::Error => "error",
        crate::finding::Level::Warning => "warning",
        crate::finding::Level::Note => "note",
    }
}

/// The numbering of a game's squares: the one the replay read it in, else its GameType's, or
/// its variant's.
fn numbering(game: &GameReport, rules: &'static Rules) -> Numbering {
    if let Some(numbering) = game.numbering {
        return numbering;
    }
    let mut numbering = game
        .tags
        .iter()
        .find(|t| t.standard() == "GameType")
        .and_then(|t| GameType::parse(&t.value).ok())
        .filter(|g| Some(g.code) == rules.variant.code())
        .map_or_else(
            || Numbering::for_rules(rules),
            |g| Numbering::from_game_type(&g),
        );
    if rules.board.layout != crate::rules::Layout::Diagonal {
        numbering.mirrored = false;
    }
    numbering
}

/// The board before the finding's move, when the finding has a position.
fn board(game: &GameReport, f: &Finding) -> Option<Markup> {
    let rules = Rules::for_variant(game.variant?)?;
    let numbering = numbering(game, rules);
    let setup = fen::parse(f.fen_before.as_deref()?).ok()?.setup;
    let position = Position::from_setup_numbered(rules, numbering, &setup).ok()?;
    let legal: Vec<Move> = position.legal_moves().to_vec();
    let written = f
        .token
        .as_deref()
        .map(|t| WrittenMove::parse(t, &rules.board, numbering));
    Some(
        BoardSvg {
            position: &position,
            numbering,
            written: written.as_ref(),
            legal: &legal,
            orientation: Orientation::WhiteBottom,
        }
        .markup(),
    )
}

fn tag<'a>(game: &'a GameReport, name: &str) -> Option<&'a str> {
    game.tags
        .iter()
        .find(|t| t.standard() == name)
        .map(|t| t.value.trim())
        .filter(|v| !v.is_empty() && *v != "?")
}

impl<W: Write> ReportWriter for HtmlWriter<W> {
    fn file_start(&mut self, _file: &FileInfo) -> io::Result<()> {
        self.file_section_open = false;
        Ok(())
    }

    fn game(&mut self, file: &FileInfo, game: &GameReport) -> io::Result<()> {
        let listed: Vec<&Finding> = game
            .findings
            .iter()
            .filter(|f| self.listing.admit(&self.show, f))
            .collect();
        if listed.is_empty() {
            return Ok(());
        }
        self.open_file_section(file);
        let record = self.record(game, &listed);
        let sections: Vec<Markup> = listed.iter().map(|f| self.finding(file, game, f)).collect();
        let title = match (tag(game, "White"), tag(game, "Black")) {
            (Some(w), Some(b)) => format!("game {}: {w} - {b}", game.index),
            _ => format!("game {}", game.index),
        };
        let page = html! {
            article.game {
                h3 { (escape_controls(&title)) " " span.where { "(line " (game.span.line) ")" } }
                dl.tags {
                    @for name in SHOWN_TAGS {
                        @if let Some(value) = tag(game, name) { dt { (name) } dd { (escape_controls(value)) } }
                    }
                    @if let Some(variant) = game.variant { dt { "variant" } dd { (variant.name()) } }
                }
                @if let Some(record) = record { (record) }
                @for section in &sections { (section) }
            }
        };
        self.body.push_str(&page.into_string());
        Ok(())
    }

    fn file_end(&mut self, file: &FileInfo, error: Option<&str>) -> io::Result<()> {
        if let Some(error) = error {
            self.open_file_section(file);
            self.body.push_str(
                &html! { p.error { span.level { "error" } ": " (escape_controls(error)) } }
                    .into_string(),
            );
        }
        if self.file_section_open {
            self.body.push_str("</section>");
        }
        self.file_section_open = false;
        Ok(())
    }

    fn finish(&mut self, totals: &Totals) -> io::Result<()> {
        let left_out = self.listing.left_out_line(&self.show);
        let page = html! {
            (DOCTYPE)
            html lang="en" {
                (crate::render::page_head(
                    &format!("pdnkit check: {} errors, {} warnings", totals.errors, totals.warnings),
                    STYLE,
                ))
                body {
                    h1 { "pdnkit check" }
                    section #summary {
                        p {
                            "checked " (totals.files) " file(s), " (totals.games) " game(s), "
                            (super::human::plies(totals.moves)) ", " (format!("{:.1}", totals.bytes as f64 / 1e6)) " MB"
                        }
                        p {
                            (totals.errors) " error(s) in " (totals.games_with_errors) " game(s), "
                            (totals.warnings) " warning(s), " (totals.notes) " note(s)"
                            @if totals.unreadable_files > 0 { ", " (totals.unreadable_files) " unreadable file(s)" }
                        }
                        @if totals.allowed > 0 { p { (totals.allowed) " finding(s) left out by the policy" } }
                        @if totals.baselined > 0 { p { (totals.baselined) " known finding(s) left out by the baseline" } }
                        @if let Some(line) = totals.not_replayed_line() { p.warning { (line) } }
                        p { (self.findings_written) " finding(s) shown below" }
                        @if let Some(line) = left_out { p.cut #left-out { (line) } }
                        @if !totals.by_code.is_empty() {
                            h2 { "Findings by code" }
                            table #by-code {
                                tr { th { "code" } th { "count" } }
                                @for (code, count) in &totals.by_code {
                                    tr { td { a.code href="#filters" data-code=(code) { (code) } } td.n { (count) } }
                                }
                            }
                        }
                    }
                    div #filters hidden {
                        label { "code " select #f-code { option value="" { "all" } @for c in &self.codes { option value=(c) { (c) } } } }
                        label { "level " select #f-level { option value="" { "all" } option value="error" { "error" } option value="warning" { "warning" } option value="note" { "note" } } }
                        label { "file " select #f-file { option value="" { "all" } @for f in &self.files { option value=(f) { (escape_controls(f)) } } } }
                        label { "search " input #f-q type="search" placeholder="text in a game"; }
                    }
                    main #findings { (PreEscaped(&self.body)) }
                    (how_to_fix(self.codes.iter().copied().chain(totals.by_code.keys().copied())))
                    script { (PreEscaped(SCRIPT)) }
                }
            }
        };
        self.out.write_all(page.into_string().as_bytes())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}
