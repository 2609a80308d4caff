// `setup` as a whole, pure: the clients' targets for a scope, the record of earlier runs, the
// files' bytes (read through `read`) -> a plan for every file touched and the record to keep.
import { CLIENTS, type Launch, type Places, type Scope } from "./clients.ts";
import { planFile, type FilePlan, type FileRecord, type OwnedEdit } from "./plan.ts";

export interface SetupState {
  version: 1;
  files: Record<string, FileRecord & { dirs?: string[] }>;
  /** Folders made for the record itself, removed with it. */
  dirs?: string[];
}

export const emptyState = (): SetupState => ({ version: 1, files: {} });

export interface SetupRequest {
  clients: string[];
  scope: Scope;
  uninstall: boolean;
  hooks: boolean;
  launch: Launch;
  places: Places;
}

export interface SetupPlan {
  files: FilePlan[];
  state: SetupState;
  /** Lines about the clients (a scope a client lacks, a flag that does not apply). */
  notes: string[];
}

const inside = (file: string, dir: string) => file === dir || file.startsWith(dir.endsWith("/") ? dir : `${dir}/`);

export function planSetup(req: SetupRequest, state: SetupState, read: (file: string) => string | null): SetupPlan {
  const notes: string[] = [];
  const wanted = new Map<string, OwnedEdit[]>();
  const add = (file: string, e: OwnedEdit) => wanted.set(file, [...(wanted.get(file) ?? []), e]);
  const touched = new Set<string>();
  for (const id of req.clients) {
    const client = CLIENTS.find((c) => c.id === id)!;
    const targets = client.targets(req.scope, req.places, req.launch, { hooks: req.hooks });
    const note = client.notes?.[req.scope];
    if (note) notes.push(`${client.name}: ${note}`);
    for (const t of targets) {
      touched.add(t.file);
      if (!req.uninstall) add(t.file, { ...t.edit, client: id });
    }
  }
  if (req.hooks && !req.uninstall && !req.clients.includes("claude")) notes.push("--hooks is for Claude Code only: no hooks written");
  // Files an earlier run wrote for these clients in this scope, wherever they are now.
  const projectFile = (f: string) => inside(f, req.places.project);
  for (const [file, rec] of Object.entries(state.files)) {
    if (rec.edits.some((e) => req.clients.includes(e.client)) && projectFile(file) === (req.scope === "project")) touched.add(file);
  }
  const files: FilePlan[] = [];
  const next: SetupState = { ...state, files: { ...state.files } };
  for (const file of [...touched].sort()) {
    const rec = state.files[file];
    const others = (rec?.edits ?? []).filter((e) => !req.clients.includes(e.client));
    const plan = planFile(file, read(file), rec, [...others, ...(wanted.get(file) ?? [])]);
    files.push(plan);
    if (plan.record) next.files[file] = { ...plan.record, ...(rec?.dirs ? { dirs: rec.dirs } : {}) };
    else delete next.files[file];
  }
  return { files, state: next, notes };
}
