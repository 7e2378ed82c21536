//! A progress bar on standard error, drawn only when it is a terminal (not `TERM=dumb`) and only
//! once the run has taken a while (a second for `check`): a short run shows no bar at all. Whatever else goes to the
//! terminal while the bar is up is printed through [`Progress::suspend`], so the bar never
//! overwrites a finding's first line.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use pdnkit::report::human::escape_controls;
use std::io::{self, IsTerminal};
use std::sync::Once;
use std::time::{Duration, Instant};

/// The bar of a run over files: the file being reported, then bytes read against the files'
/// sizes, in the decimal megabytes (`MB`, 10^6 bytes) the run's summary counts in. A name too
/// long for the terminal keeps its end (`wide_msg:>` cuts on the left).
pub const BYTES_BAR: &str =
    "{wide_msg:>} {bar:40} {decimal_bytes}/{decimal_total_bytes} {decimal_bytes_per_sec} eta {eta}";

#[derive(Clone)]
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    /// How long the run goes before the bar appears.
    delay: Duration,
    enabled: bool,
    shown: std::sync::Arc<Once>,
}

impl Progress {
    /// A bar to `total`, drawn with `template` (indicatif's syntax) once `delay` has passed.
    pub fn new(total: u64, template: &str, delay: Duration) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            started: Instant::now(),
            delay: delay_from_env().unwrap_or(delay),
            enabled: io::stderr().is_terminal() && anstyle_query::term_supports_color(),
            shown: std::sync::Arc::new(Once::new()),
        }
    }

    /// No bar at all unless `drawn` (`-qq`).
    pub fn drawn(mut self, drawn: bool) -> Progress {
        self.enabled &= drawn;
        self
    }

    /// The bar itself (position, message).
    pub fn bar(&self) -> &ProgressBar {
        self.show_when_due();
        &self.bar
    }

    /// Runs `f` (which prints to the terminal) with the bar out of the way.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }

    fn show_when_due(&self) {
        if self.enabled && self.started.elapsed() >= self.delay {
            self.shown.call_once(|| {
                self.bar.set_draw_target(ProgressDrawTarget::stderr());
                // The elapsed time and rate move on between updates too.
                self.bar.enable_steady_tick(Duration::from_millis(250));
            });
        }
    }
}

/// A run's progress is the bytes read from disk; its messages go to standard error with the bar
/// out of the way.
impl pdnkit::pipeline::run::Console for Progress {
    fn progress(&self, on_disk: u64) {
        self.bar().set_position(on_disk);
    }

    fn file(&self, name: &str) {
        // Shown as every other text from the input is: control characters escaped.
        self.bar.set_message(escape_controls(name).into_owned());
    }

    fn write(&self, write: &mut dyn FnMut(&mut dyn io::Write) -> io::Result<()>) -> io::Result<()> {
        self.suspend(|| write(&mut io::stderr().lock()))
    }
}

/// `PDNKIT_PROGRESS_DELAY_MS`: how long a run goes before its bar is drawn, instead of the
/// command's own delay (a second): 0 draws it at once, so a test of the bar does not depend on
/// how fast the machine is.
fn delay_from_env() -> Option<Duration> {
    let text = std::env::var("PDNKIT_PROGRESS_DELAY_MS").ok()?;
    text.trim().parse().ok().map(Duration::from_millis)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_not_drawn_stays_hidden_when_due() {
        let bar = |drawn| {
            let mut progress = Progress::new(100, BYTES_BAR, Duration::ZERO);
            // As on a terminal.
            progress.enabled = true;
            let progress = progress.drawn(drawn);
            progress.bar().set_position(50);
            progress.shown.is_completed()
        };
        assert!(bar(true), "drawn once due");
        assert!(!bar(false), "-qq: never drawn");
    }
}
