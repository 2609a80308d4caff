// `history`: the commits that changed one symbol, following its renames and moves.
export { symbolHistory } from "./history.ts";
