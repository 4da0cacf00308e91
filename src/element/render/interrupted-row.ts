import { css, html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { interruptedEnglish } from '../i18n/interrupted-strings.ts';
import type { SessionStanding } from '../../queue/session-standing.ts';
import { interpolate } from '../i18n/interpolate.ts';
import type { StoredUpload } from '../../storage/stored-upload.ts';
import type { QueueCore } from '../../queue/queue-core.ts';
import type { Wording } from './describe.ts';
import { shownName } from '../../utils/shown-name.ts';
import { fileName } from './file-name.ts';
import { icons } from './icons.ts';

/** The list of interrupted uploads; `onAction` hears its buttons' clicks. */
export function interruptedList(records: readonly StoredUpload[], queue: QueueCore, wording: Wording, onAction: (event: Event) => void): TemplateResult {
  return html`<ul part="interrupted-list" aria-label=${wording.t.interruptedLabel} @click=${onAction}>
    ${repeat(records, (record) => record.fingerprint, (record) => interruptedRow(record, queue.canResume(record), queue.standingOf(record), wording))}
  </ul>`;
}

/** What the buttons of an interrupted upload do; the list handles their clicks in one listener. */
export type InterruptedAction = 'resume' | 'choose-again' | 'discard';

/**
 * An upload a reload or a closed tab interrupted: name (its place in its folder, when it came with
 * one), size, how far the server has it, and Resume (from the kept file handle) or Choose again, then
 * Discard. Laid out like an item's row. The figure is the server's answer to a status query (the
 * record's may be older): none until it answers (the bar's value unknown), the record's if it does not.
 */
export function interruptedRow(record: StoredUpload, canResume: boolean, standing: SessionStanding, wording: Wording): TemplateResult {
  const { f } = wording;
  const t = { ...interruptedEnglish, ...wording.t };
  const held = typeof standing === 'number' ? standing : standing === 'unanswered' ? record.bytesCommitted : 0;
  const fraction = record.size > 0 ? Math.min(1, held / record.size) : 0;
  const percent = f.percent(fraction);
  const known = standing !== 'asking';
  const status = standing === 'asking' ? t.interruptedAsking : standing === 'gone' ? t.interruptedGone : interpolate(canResume ? t.interrupted : t.interruptedNeedsFile, { percent });
  const name = { name: shownName(record.name) };
  const id = `interrupted-${record.fingerprint.slice(0, 16)}`;
  const resume = interpolate(t.resume, name, false);
  const again = interpolate(t.chooseAgainLabel, name, false);
  const discard = interpolate(t.discard, name, false);
  return html`<li part="interrupted-item" data-status="interrupted" data-fingerprint=${record.fingerprint}>
    ${fileName(record.relativePath ?? record.name, id)}
    <span class="size" part="size">${f.bytes(record.size)}</span>
    <span class="status" part="status">${status}</span>
    <div class="bar" part="progress" role="progressbar" aria-labelledby=${id} aria-valuemin="0" aria-valuemax="100"
      aria-valuenow=${known ? Math.floor(fraction * 100) : nothing} aria-valuetext=${known && standing !== 'gone' ? percent : status} style="--fraction: ${fraction}">
      <div class="fill" part="progress-indicator"></div>
    </div>
    <span class="actions" part="actions">
      ${canResume
        ? html`<button type="button" class="icon" part="item-button resume-button" data-interrupted-action="resume" aria-label=${resume} title=${resume}>
            ${icons.resume}
          </button>`
        : html`<button type="button" class="again" part="item-button choose-again-button" data-interrupted-action="choose-again" aria-label=${again}>
            ${t.chooseAgain}
          </button>`}
      <button type="button" class="icon" part="item-button discard-button" data-interrupted-action="discard" aria-label=${discard} title=${discard}>
        ${icons.remove}
      </button>
    </span>
  </li>`;
}

/** The click listener of the interrupted list: its rows' Resume, Choose again (`choose` opens the picker) and Discard. */
export function onInterruptedAction(event: Event, queue: QueueCore, choose: () => void): void {
  const button = (event.target as Element).closest<HTMLElement>('[data-interrupted-action]');
  const fingerprint = button?.closest('li')?.dataset.fingerprint;
  const record = queue.interrupted.find((candidate) => candidate.fingerprint === fingerprint);
  if (!button || !record) return;
  const action = button.dataset.interruptedAction as InterruptedAction;
  if (action === 'discard') void queue.discardInterrupted(record);
  else if (action === 'choose-again') choose();
  else void queue.resumeInterrupted(record);
}

// Its own rules, loaded with it. In a narrow list (a phone) its buttons (Choose again is wide) go on
// a line of their own under the bar: beside the name they left it a few letters and the status a
// column a word wide.
export const interruptedStyles = css`
  @container (max-width: 28rem) {
    li[data-status='interrupted'] {
      grid-template-columns: minmax(0, 1fr) auto;
      grid-template-areas: 'name size' 'status status' 'bar bar' 'actions actions';
    }
    li[data-status='interrupted'] .actions {
      justify-self: end;
    }
  }
`;
