// `digest`: the one-page map of a repository or a folder, from the repository index.
export { digest, type DigestAnswer, gitHistory } from "./digest.ts";
