//! The PDN reader.
