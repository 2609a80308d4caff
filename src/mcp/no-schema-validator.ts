// Stands in for the MCP SDK's Ajv-based JSON-schema validator in the compiled binary
// (scripts/build.ts maps the SDK's `validation/ajv-provider.js` here). The SDK's server uses
// that validator in one place only: to check a client's answer to `elicitInput`, which this
// server never sends. Leaving Ajv and its four dependencies out keeps their JavaScript (and its
// bytecode) out of every download. The SDK constructs the validator eagerly, so
// construction succeeds; asking it for a validator fails loudly instead of accepting anything.
export class AjvJsonSchemaValidator {
  getValidator(): never {
    throw new Error("ast-outline's MCP server does not validate JSON schemas (it never asks the client for input)");
  }
}
