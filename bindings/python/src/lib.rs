//! The native module of the `urn_tag` Python package: the `urn-tag` library's parsers,
//! comparisons, finder and minter, exposed with PyO3.
//!
//! Every verdict comes from the library, whose recognizers are compiled from the grammar
//! files; this crate only converts values and errors. The Python package around it
//! (`python/urn_tag/`) adds the pydantic type and tells the containers of the batch functions
//! apart. Its unsafe code is in two modules, `duckdb` and `polars`, the module's faces as a
//! DuckDB extension and a Polars plugin, whose interfaces are raw pointers.
#![deny(unsafe_code)]

mod args;
mod batch;
mod duckdb;
mod errors;
mod find;
mod identifier;
mod polars;
mod tag;
mod text;
mod urn;

use pyo3::prelude::*;

#[pymodule]
fn _urn_tag(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("UrnTagError", py.get_type::<errors::UrnTagError>())?;
    module.add_class::<urn::PyUrn>()?;
    module.add_class::<urn::PyNamespaceCheck>()?;
    module.add_class::<tag::PyTagUri>()?;
    module.add_class::<find::PyMatch>()?;
    module.add_function(wrap_pyfunction!(identifier::parse_identifier, module)?)?;
    module.add_function(wrap_pyfunction!(identifier::normalize, module)?)?;
    module.add_function(wrap_pyfunction!(find::find, module)?)?;
    module.add_function(wrap_pyfunction!(tag::mint_tag, module)?)?;
    module.add_function(wrap_pyfunction!(batch::_answer, module)?)?;
    module.add_function(wrap_pyfunction!(batch::_row_fields, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
