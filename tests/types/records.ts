// Type-checked with usage.ts (tsconfig.json): the one reader of records (readRecord, readRecords, RecordReader),
// the headers and the record's result on Game, and the worker RPC (`xiangqi-wasm/worker-rpc`, js/worker-rpc.d.ts);
// misuses marked with @ts-expect-error.
import {
  Game, RecordReader, RecordEditor, readRecord, readRecords, writeRecord, type EditorNode, type ErrorCode,
  type RecordDrawing, type DrawingColor, type WritableRecord, type WriteRecordOptions,
  type RecordGame, type RecordSummary, type RecordWarning, type WarningCode, type RecordFormat, type RecordEncoding,
  type ReadRecordOptions, type RecordGameOptions, type Outcome, type OutcomeReason,
} from '../../pkg/xiangqi_wasm.js';
import {
  RpcClient, WorkerClient, serve, errorFrom, yieldToMessages, type RpcError, type RpcContext,
} from '../../pkg/worker-rpc.js';

export function recordsUsage(bytes: Uint8Array, buffer: ArrayBuffer): void {
  const options: ReadRecordOptions = { format: 'pgn', encoding: 'big5', index: 2 };
  const g: RecordGame = readRecord(bytes, options);
  const format: RecordFormat = g.format;
  const encoding: RecordEncoding | null = g.encoding;
  const pairs: [string, string][] = g.headerList;
  const red: string | undefined = g.headers.Red;
  const w: RecordWarning | undefined = g.warnings[0];
  const code: WarningCode | undefined = w?.code;
  const where: number | null | undefined = w?.line ?? w?.offset;
  readRecord(buffer);
  // @ts-expect-error not a format
  readRecord(bytes, { format: 'cbf' });
  // @ts-expect-error not an encoding
  readRecord(bytes, { encoding: 'shift_jis' });
  const list: RecordSummary[] = readRecords('1. h2e2 *');
  const err: string | undefined = list[0].error?.code;
  const reader = new RecordReader(bytes, { encoding: 'gbk' });
  const batch: RecordSummary[] = reader.next(200);
  const done: boolean = reader.done();
  const game: Game = reader.game(0, { rules: 'cxa' });
  reader.free();
  const o: RecordGameOptions = { index: 1, encoding: 'gbk', rules: 'axf' };
  const fromPgn: Game = Game.fromPgn(bytes, o);
  const fromXqf: Game = Game.fromXqf(buffer);
  const fromRecord: Game = Game.fromRecord(bytes, { format: 'xqf' });
  // @ts-expect-error XQF is bytes
  Game.fromXqf('XQ');
  const headers: Record<string, string> = game.headers();
  game.setHeader('Event', 'Cup');
  const removed: boolean = game.removeHeader('Event');
  const ruling: Outcome | null = game.ruling();
  const reason: OutcomeReason | undefined = ruling?.reason;
  const recorded: OutcomeReason = 'recorded';
  const plies: number | null = game.recordPlies();
  game.playRecorded('h2e2');
  const outcome: Outcome = game.recordResult('1-0');
  // @ts-expect-error not a result
  game.recordResult('1-1');
  const warnings: RecordWarning[] = fromPgn.warnings();
  game.history({ notation: 'chinese', notationOptions: { script: 'traditional' } });
  void [format, encoding, pairs, red, code, where, err, batch, done, fromXqf, fromRecord, headers, removed, reason,
    recorded, plies, outcome, warnings];
}

export function editorUsage(bytes: Uint8Array): void {
  const editor = new RecordEditor(readRecord(bytes));
  new RecordEditor();
  new RecordEditor(null);
  new RecordEditor('4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1');
  // @ts-expect-error not a source
  new RecordEditor(42);
  const id: number = editor.play('h2e2');
  editor.play({ from: 'h0', to: 'g2' });
  editor.go(0);
  const node: EditorNode = editor.node(id);
  const move: string | null = node.move;
  const children: number[] = node.children;
  const path: number[] = editor.path(id);
  editor.promote(id);
  editor.makeMain(id);
  editor.delete(id);
  editor.setComment(id, null);
  editor.setCommentBefore(id, 'x');
  editor.setNags(id, [1]);
  // @ts-expect-error NAGs are numbers
  editor.setNags(id, ['!']);
  editor.setTag('Event', 'Cup');
  const removed: boolean = editor.removeTag('Event');
  editor.setStart('4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1');
  const undone: boolean = editor.undo();
  const redone: boolean = editor.redo();
  const can: boolean = editor.canUndo() && editor.canRedo();
  const record: RecordGame = editor.record();
  const current: number = editor.current();
  const code: ErrorCode = 'ERR_EDIT_NODE';
  editor.free();
  void [move, children, path, removed, undone, redone, can, record, current, code];
}

export function writeUsage(bytes: Uint8Array): void {
  const g: RecordGame = readRecord(bytes);
  const drawing: RecordDrawing | undefined = g.mainline.moves[0]?.drawings[0];
  const color: DrawingColor | undefined = drawing?.color;
  const text: string = writeRecord(g, { format: 'pgn', notation: 'wxf', lineWidth: 0 });
  const again: string = writeRecord(g, { format: 'dhtmlxq' });
  const xqf: Uint8Array = writeRecord(g, { format: 'xqf' });
  const options: WriteRecordOptions = { format: 'xqf' };
  const either: string | Uint8Array = writeRecord(g, options);
  const byHand: WritableRecord = { headers: { Red: 'A' }, mainline: { moves: [{ move: 'h2e2', drawings: [{ from: 'e7', color: 'red' }] }] } };
  writeRecord(byHand, { format: 'pgn' });
  // @ts-expect-error not a format writeRecord writes
  writeRecord(g, { format: 'fen' });
  // @ts-expect-error not a colour
  writeRecord({ mainline: { moves: [{ move: 'h2e2', drawings: [{ from: 'e7', color: 'pink' }] }] } }, { format: 'pgn' });
  void [color, text, again, xqf, either];
}

export async function rpcUsage(worker: Worker): Promise<void> {
  const rpc = new RpcClient(worker);
  const call = rpc.call<{ count: number }, { listed: number }>('open', { input: 'text' }, {
    onProgress: (p) => console.log(p.listed), transfer: [], signal: new AbortController().signal });
  rpc.cancel(call.id);
  try {
    const r: { count: number } = await call;
    void r;
  } catch (e) {
    const err = e as RpcError;
    const c: string = err.code;
    void c;
  }
  rpc.notify('newGame');
  rpc.cancelAll();
  rpc.terminate();
  const e: RpcError = errorFrom({ message: 'x', code: 'ERR_WORKER' });
  void e;
}

export async function workerClientUsage(): Promise<void> {
  const handlers = {
    async count(params: { n: number }, call: RpcContext<number>) {
      for (let i = 0; i < params.n && !call.cancelled; i++) {
        call.progress(i);
        await yieldToMessages();
      }
      return params.n;
    },
  };
  const client = new WorkerClient({
    start: () => new Worker(new URL('./count-worker.js', import.meta.url), { type: 'module' }),
    local: () => handlers,
    idleMs: 10_000,
  });
  const lazy = new WorkerClient({ start: () => new Worker('w.js'), local: async () => handlers, eager: true });
  const n: number = await client.call<number, number>('count', { n: 3 }, { onProgress: (i) => console.log(i + 1) });
  const w: Worker | null = lazy.worker;
  const onPage: boolean = client.onPage;
  const pending: number[] = client.pendingIds;
  client.notify('newGame');
  client.cancelAll();
  client.terminate(errorFrom({ message: 'gone', code: 'ERR_WORKER' }));
  // @ts-expect-error `start` is required
  void new WorkerClient({ local: () => handlers });
  void [n, w, onPage, pending];
}

export function serveUsage(): void {
  serve({
    open(params: { input: string }, call: RpcContext<{ listed: number }>) {
      call.progress({ listed: 1 });
      call.onCancel(() => {});
      return { count: params.input.length, cancelled: call.cancelled };
    },
  });
}
