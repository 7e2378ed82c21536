//! Rules engine (placeholder: built in issue 3).
