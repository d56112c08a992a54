/**
 * Web mode's notifications when a batch finishes or stops, through the browser's Notification
 * API. Permission is asked only when the person turns them on (a click: browsers refuse to ask
 * otherwise), never on load; the choice is kept in this browser. The Electron shell notifies by
 * itself (`desktop.get_info().systemNotifications`), so the window stays quiet there.
 */
import i18next from 'i18next';
import type { BatchNotice } from '../../entities/batch-notices';

const PREFERENCE = 'atelier.notify-batches';

export type NoticePermission = 'unsupported' | 'default' | 'granted' | 'denied';

function api(): typeof Notification | undefined {
  return typeof Notification === 'undefined' ? undefined : Notification;
}

/** What the browser allows now. */
export function noticePermission(): NoticePermission {
  return api()?.permission ?? 'unsupported';
}

/** Whether the person turned notifications on in this browser (and the browser still allows them). */
export function noticesEnabled(): boolean {
  return noticePermission() === 'granted' && localStorage.getItem(PREFERENCE) === 'on';
}

/** Turns notifications on (asking the browser the first time) or off; answers what the browser allows. */
export async function setNoticesEnabled(on: boolean): Promise<NoticePermission> {
  const notification = api();
  if (!notification) return 'unsupported';
  if (!on) {
    localStorage.setItem(PREFERENCE, 'off');
    return notification.permission;
  }
  const permission = notification.permission === 'default' ? await notification.requestPermission() : notification.permission;
  localStorage.setItem(PREFERENCE, permission === 'granted' ? 'on' : 'off');
  return permission;
}

/** The notice's words in the UI language. */
function noticeText(notice: BatchNotice): { title: string; body: string } {
  if (notice.kind === 'finished') {
    return {
      title: i18next.t('timeline.notice.finishedTitle', { name: notice.name }),
      body:
        notice.failed > 0
          ? i18next.t('timeline.notice.finishedWithFailures', { done: notice.done, failed: notice.failed })
          : i18next.t('timeline.notice.finishedBody', { done: notice.done }),
    };
  }
  return { title: i18next.t('timeline.notice.stoppedTitle', { name: notice.name }), body: notice.note };
}

/** Shows a notice while the studio's tab is not in front (the timeline shows it already otherwise). */
export function showBatchNotice(notice: BatchNotice, onOpen: (batchId: string) => void): void {
  const notification = api();
  if (!notification || !noticesEnabled() || (document.visibilityState === 'visible' && document.hasFocus())) return;
  const { title, body } = noticeText(notice);
  const shown = new notification(title, { body, tag: `batch-${notice.batchId}` });
  shown.onclick = () => {
    window.focus();
    onOpen(notice.batchId);
    shown.close();
  };
}
