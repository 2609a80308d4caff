// The engine id: what a cached outline depends on besides the file's bytes.
export { engineId } from "./id.ts";
