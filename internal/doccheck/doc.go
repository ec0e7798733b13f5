// Package doccheck holds the test that every exported name of the module's
// library packages has a doc comment (the project's standard); it has no
// code of its own.
package doccheck
