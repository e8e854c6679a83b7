// The store's shape, apart from the slices that fill it (as tldraw keeps its store's types): each slice
// creator is typed against the whole StoreState, and the store is made of the slices, so with the types in
// the slices' own modules the slices and store/index.ts would import each other.
import type { ApplyResponse, HealthResponse, RunResponse } from '../core/contract/contract.ts';
import type { Lesson, LessonProgress, StepOutcome } from '../core/features/lessons/lesson-types.ts';
import type { Design } from '../core/model/schema.ts';
import type { PlainItem } from '../core/values/item.ts';
import type { AppliedTables } from './applied.ts';

export type StoreState = DesignSlice & SelectionSlice & UiSlice & ConnectionSlice & LessonSlice;

// The document (design-slice.ts).
/**
 * While a live session runs (live-session.ts): undo and redo of one's own edits only (its Y.UndoManager), and
 * what opening or closing another design does first (leave the room).
 */
export interface LiveEditing {
  undo: () => void;
  redo: () => void;
  beforeOpen: () => void;
}

export interface DesignSlice {
  /** Null until the user picks a start (blank, example, file). */
  design: Design | null;
  past: Design[];
  future: Design[];
  /** When the design last changed (ms); the autosave indicator shows it. */
  changedAt: number | null;
  /** An error from the last commit (a DesignOpError message), shown inline; cleared by the next commit. */
  opError: string | null;
  /** Applies a pure update to the design as one undo step. Errors thrown by it land in opError. */
  commit: (update: (design: Design) => Design) => boolean;
  /**
   * Like commit, but a commit with the same key as the previous one, within MERGE_WINDOW_MS of it, replaces
   * that step instead of adding one: typing in a field commits on every keystroke and undoes as one step.
   */
  commitMerge: (key: string, update: (design: Design) => Design) => boolean;
  /** The key and time of the last commitMerge, so the next one knows whether to merge. */
  mergeKey: string | null;
  mergeAt: number;
  /** Starts a new document (blank, example, opened file): undoable, so opening is never destructive. */
  openDesign: (design: Design) => void;
  closeDesign: () => void;
  undo: () => void;
  redo: () => void;
  /** Set by the live session while it runs, so that undo, redo and opening go through the room; else null. */
  liveEditing: LiveEditing | null;
}

// What the user is looking at (selection-slice.ts).
export type Selection =
  | { kind: 'table' }
  | { kind: 'index'; name: string }
  | { kind: 'entity'; name: string }
  | { kind: 'pattern'; id: string }
  | null;

export interface SelectionSlice {
  selection: Selection;
  /** TABLE_INDEX or an index name: which view the grid shows. */
  activeView: string;
  /** Only these entities in the grid (empty: all). */
  entityFilter: string[];
  select: (selection: Selection) => void;
  setActiveView: (view: string) => void;
  setEntityFilter: (entities: string[]) => void;
}

// Session preferences (ui-slice.ts).
export type ThemePreference = 'system' | 'light' | 'dark';
export type MainTab = 'designer' | 'json';
/** `compare` and `plan` are there while comparing with another version (store/compare.ts). */
export type DockTab = 'result' | 'problems' | 'cost' | 'compare' | 'plan';

export interface UiPreferences {
  theme: ThemePreference;
  leftWidth: number;
  rightWidth: number;
  dockHeight: number;
  dockOpen: boolean;
  leftOpen: boolean;
  /** Key cells show rendered values or their templates. */
  keyDisplay: 'values' | 'templates';
  density: 'compact' | 'cozy';
  /** The grid's attributes: `name value` tokens in one cell, or one column per attribute. */
  gridAttributes: 'inline' | 'columns';
}

export interface UiSlice {
  ui: UiPreferences;
  mainTab: MainTab;
  dockTab: DockTab;
  exportOpen: boolean;
  setUi: (patch: Partial<UiPreferences>) => void;
  setMainTab: (tab: MainTab) => void;
  setDockTab: (tab: DockTab) => void;
  setExportOpen: (open: boolean) => void;
}

// The link to the server (connection-slice.ts).
export interface ApiErrorState {
  code: string;
  message: string;
  /** HTTP status; 0 when the server could not be reached. */
  status?: number;
  /** The server's details: DynamoDB's error body (cancellation reasons of a transaction…). */
  details?: unknown;
}

export type ApplyState =
  | { status: 'idle' }
  | { status: 'applying'; written: number; total: number }
  | { status: 'done'; result: ApplyResponse; design: Design }
  | { status: 'error'; error: ApiErrorState; needsRecreate: boolean };

/** What a run asked for, kept with its outcome so the dock can predict the same page in memory. */
export interface RunInput {
  args: Record<string, unknown>;
  exclusiveStartKey?: PlainItem;
  /** The design the run was sent with. */
  design: Design;
}

export type RunState =
  | ({ status: 'running' } & RunInput)
  | ({ status: 'done'; result: RunResponse; pages: number } & RunInput)
  | ({ status: 'error'; error: ApiErrorState } & RunInput);

export interface ConnectionSlice {
  health: HealthResponse | null;
  healthError: string | null;
  apply: ApplyState;
  /** The last Apply per table name, as persisted (see applied.ts): what the "out of date" dot compares. */
  appliedTables: AppliedTables;
  runs: Record<string, RunState>;
  refreshHealth: () => Promise<void>;
  /** `replace` deletes the table's items that are not in the design: only after the user confirmed it. */
  applyCurrent: (options?: { recreate?: boolean; replace?: boolean }) => Promise<void>;
  runCurrent: (
    patternId: string,
    args: Record<string, unknown>,
    exclusiveStartKey?: PlainItem,
  ) => Promise<void>;
}

// The lesson being worked through (lesson-slice.ts).
export type LessonPanelTab = 'lesson' | 'inspector';

export type StepProgress = LessonProgress['steps'][string];

export interface LessonSlice {
  lesson: Lesson | null;
  lessonProgress: LessonProgress | null;
  /** The design the current step started from: what Reset step puts back. */
  stepStartDesign: Design | null;
  /** The checks of the current step on the settled design; `stepId` says which step they ran for. */
  lessonOutcome: { stepId: string; outcome: StepOutcome } | null;
  lessonPanel: LessonPanelTab;
  openLesson: (lesson: Lesson, options?: { stepIndex?: number }) => Promise<void>;
  goToStep: (index: number) => Promise<void>;
  revealHint: () => void;
  showSolution: () => Promise<void>;
  resetStep: () => Promise<void>;
  closeLesson: () => void;
  setLessonPanel: (tab: LessonPanelTab) => void;
  setLessonOutcome: (stepId: string, outcome: StepOutcome) => void;
}
