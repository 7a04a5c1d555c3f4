// Type-checked with usage.ts (tsconfig.json, tsconfig.es2022.json): the lesson embed (`xiangqi-wasm/lesson`,
// js/lesson.d.ts) used as documented; misuses marked with @ts-expect-error.
import { MAX_RECORD_BYTES, XiangqiLessonElement, type LessonErrorCode, type LessonPosition } from '../../pkg/lesson.js';
import type { XiangqiBoardElement } from '../../pkg/board.js';

export async function lessonUsage(parent: HTMLElement): Promise<void> {
  const el = document.createElement('xiangqi-lesson');
  const typed: XiangqiLessonElement = el;
  el.setAttribute('pgn', '1. C2.5 {central cannon} H8+7 *');
  parent.append(el);
  el.addEventListener('navigate', (e) => {
    const p: LessonPosition = e.detail;
    const moves: string[] = p.moves;
    const comment: string | null = p.comment;
    void [moves, comment];
  });
  el.addEventListener('load', (e) => void e.detail.headers.Red);
  el.addEventListener('error', (e) => {
    const code: LessonErrorCode = e.detail.code;
    const message: string = e.detail.message;
    void [code, message];
  });
  await typed.ready;
  el.next();
  el.previous();
  el.first();
  el.last();
  const entered: boolean = el.enterVariation(0);
  const left: boolean = el.exitVariation();
  const found: boolean = el.goTo(['h2e2', 'h9g7']);
  const board: XiangqiBoardElement = el.board;
  const fen: string | null = el.fen;
  const start: string | null = el.initialFen;
  const ply: number | undefined = el.current?.ply;
  const red: string | undefined = el.headers.Red;
  const code: LessonErrorCode | undefined = el.error?.code;
  const cap: number = MAX_RECORD_BYTES;
  const tooLarge: LessonErrorCode = 'ERR_RECORD_TOO_LARGE';
  // @ts-expect-error: not an error code
  const bogus: LessonErrorCode = 'ERR_LESSON';
  // @ts-expect-error: goTo takes ICCS moves
  el.goTo('h2e2');
  // @ts-expect-error: `current` can be null before the record is read
  el.current.fen;
  void [entered, left, found, board, fen, start, ply, red, code, cap, tooLarge, bogus];
}
