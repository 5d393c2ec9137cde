import { createHash } from 'node:crypto';
import {
  BACK_OFFICE_MESSAGE_SOURCE,
  WIDGET_HAPPY_HOURS_ICONS,
  WIDGET_MESSAGE_SOURCE,
  WIDGET_PATHS,
  type PreviewMessage,
  type WidgetMessage,
} from '../../../domain/widget';

/**
 * The widget page's one script, inlined into the page. It only enhances a page that is complete without it:
 * list and calendar become tabs, the page tells its parent its height, and a preview applies the settings the
 * settings page sends it. `widgetClient` runs in the browser from its own text (Function.prototype.toString), so
 * it uses nothing from outside its body but its options.
 */

// The browser's objects as the script uses them: the server's project has no DOM types, and these keep the
// script checked without giving the whole server the browser's globals.
interface ClientElement {
  id: string;
  hidden: boolean;
  tabIndex: number;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  style: { setProperty(name: string, value: string): void };
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  querySelector(selectors: string): ClientElement | null;
  querySelectorAll(selectors: string): ArrayLike<ClientElement>;
  addEventListener(type: 'click', listener: () => void): void;
  addEventListener(type: 'keydown', listener: (event: ClientKeyboardEvent) => void): void;
  focus(): void;
  getBoundingClientRect(): { height: number };
}
interface ClientKeyboardEvent {
  key: string;
  preventDefault(): void;
}
interface ClientMessageEvent {
  source: unknown;
  origin: string;
  data: unknown;
}
interface ClientWindow {
  parent: ClientWindow;
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: ClientMessageEvent) => void): void;
}
declare const document: { getElementById(id: string): ClientElement | null };
declare const window: ClientWindow;
declare const location: { origin: string };
declare const ResizeObserver: (new (callback: () => void) => { observe(target: ClientElement): void }) | undefined;

export interface WidgetClientOptions {
  preview: boolean;
  widgetSource: typeof WIDGET_MESSAGE_SOURCE;
  backOfficeSource: typeof BACK_OFFICE_MESSAGE_SOURCE;
  /** The happy hours' title in the page's language, shown where the settings keep the default ("Default"). */
  defaultTitle: string;
  icons: readonly string[];
}

export function widgetClient(options: WidgetClientOptions): void {
  const root = document.getElementById('w-root');
  if (!root) return;
  const tabs = Array.from(root.querySelectorAll('.w-tabs [role="tab"]'));

  function selectTab(index: number, focus: boolean): void {
    tabs.forEach((tab, position) => {
      const selected = position === index;
      tab.setAttribute('aria-selected', selected ? 'true' : 'false');
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    });
    if (focus) tabs[index].focus();
  }

  function onTabKey(event: ClientKeyboardEvent, index: number): void {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    selectTab(target, true);
  }

  if (tabs.length > 0) {
    const list = root.querySelector('.w-tabs');
    if (list) list.hidden = false;
    tabs.forEach((tab, index) => {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      panel?.setAttribute('role', 'tabpanel');
      panel?.setAttribute('aria-labelledby', tab.id);
      tab.addEventListener('click', () => selectTab(index, false));
      tab.addEventListener('keydown', (event) => onTabKey(event, index));
    });
    selectTab(root.dataset.initialTab === 'calendar' ? 1 : 0, false);
    // A day of the calendar leads to its events in the list.
    Array.from(root.querySelectorAll('.w-calendar a[data-day]')).forEach((link) =>
      link.addEventListener('click', () => selectTab(0, false)),
    );
  }

  let reported = -1;
  function reportHeight(): void {
    const height = Math.ceil(root?.getBoundingClientRect().height ?? 0);
    if (height === reported || window.parent === window) return;
    reported = height;
    const message: WidgetMessage = { source: options.widgetSource, type: 'resize', height };
    window.parent.postMessage(message, '*');
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(root);
  reportHeight();

  if (!options.preview) return;

  function apply(presentation: PreviewMessage['presentation']): void {
    if (!root) return;
    for (const [name, value] of Object.entries(presentation.variables ?? {})) {
      if (name.startsWith('--w-') && typeof value === 'string') root.style.setProperty(name, value);
    }
    for (const [name, on] of Object.entries(presentation.switches ?? {})) {
      root.setAttribute(`data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`, on ? 'on' : 'off');
    }
    const title = root.querySelector('.w-hh-text');
    if (title && typeof presentation.happyHoursTitle === 'string') {
      title.textContent =
        presentation.happyHoursTitle === 'Default' ? options.defaultTitle : presentation.happyHoursTitle;
    }
    const icon = root.querySelector('.w-hh-icon use');
    if (icon && options.icons.includes(presentation.happyHoursIcon)) {
      icon.setAttribute('href', `#w-hh-${presentation.happyHoursIcon}`);
    }
    if (presentation.switches && !presentation.switches.calendar && tabs.length > 0) selectTab(0, false);
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const data = event.data as Partial<PreviewMessage> | null;
    if (!data || data.source !== options.backOfficeSource || data.type !== 'preview' || !data.presentation) return;
    apply(data.presentation);
  });
  const ready: WidgetMessage = { source: options.widgetSource, type: 'preview-ready' };
  window.parent.postMessage(ready, location.origin);
}

export interface InlineScript {
  text: string;
  /** The CSP source that allows exactly this script: `'sha256-…'`. */
  hashSource: string;
}

/** JSON inside a script element: `<` escaped, so that no text can close the element. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const made = new Map<string, InlineScript>();

/**
 * The script's text for these options and its hash. tsx (tests, development) compiles with esbuild's keepNames,
 * which wraps inner functions in a `__name` helper defined outside the function: the text brings its own.
 */
export function inlineScript(preview: boolean, defaultTitle: string): InlineScript {
  const options: WidgetClientOptions = {
    preview,
    widgetSource: WIDGET_MESSAGE_SOURCE,
    backOfficeSource: BACK_OFFICE_MESSAGE_SOURCE,
    defaultTitle,
    icons: WIDGET_HAPPY_HOURS_ICONS,
  };
  const key = scriptSafeJson(options);
  let script = made.get(key);
  if (!script) {
    const text = `(function(){var __name=function(f){return f};(${widgetClient.toString()})(${key})})()`;
    script = { text, hashSource: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
    made.set(key, script);
  }
  return script;
}

/**
 * The embed script (WIDGET_PATHS.embedScript), for the sites that frame the widget: it sets the height of each
 * widget iframe from that iframe's resize messages, checking that a message comes from the origin the script was
 * loaded from (this server's) and from that very iframe.
 */
export const EMBED_SCRIPT = `(function(){"use strict";var script=document.currentScript;if(!script)return;
var origin=new URL(script.src).origin;var prefix=origin+${JSON.stringify(`${WIDGET_PATHS.pages}/`)};
window.addEventListener("message",function(event){if(event.origin!==origin)return;var data=event.data;
if(!data||data.source!==${JSON.stringify(WIDGET_MESSAGE_SOURCE)}||data.type!=="resize"||typeof data.height!=="number"||!(data.height>=0))return;
var frames=document.getElementsByTagName("iframe");for(var i=0;i<frames.length;i++){var frame=frames[i];
if(frame.contentWindow===event.source&&frame.src.indexOf(prefix)===0){frame.style.height=Math.min(Math.ceil(data.height),100000)+"px";}}});})();
`;
