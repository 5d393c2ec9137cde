import {
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { TooltipProps } from '@mui/material';
import { loadMenuPopups } from './lazyMenuPopups';

/** MUI Tooltip's own delays: to show on hover, to show on a long press, to hide after the finger lifts. */
const ENTER_DELAY_MS = 100;
const ENTER_TOUCH_DELAY_MS = 700;
const LEAVE_TOUCH_DELAY_MS = 1500;

/**
 * MUI's Tooltip for one element, loaded when first wanted (the pointer over the element, a finger on it, or
 * keyboard focus) with the menu popups (./MenuPopups.tsx): it positions itself with Popper, which a page needs
 * only then. The element keeps its place in the tree (a Tooltip wrapping it once loaded would mount it anew and
 * lose its focus): the returned handlers go on the element, and the tooltip, anchored to it, beside it. It
 * opens and closes as MUI's own does: after 100 ms of hover, on keyboard focus, after a 700 ms press.
 */
export const useLazyTooltip = (title: string) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [Tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const later = (isOpenThen: boolean, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsOpen(isOpenThen), delayMs);
  };
  const now = (isOpenNow: boolean) => {
    clearTimeout(timer.current);
    setIsOpen(isOpenNow);
  };
  const load = () => {
    if (Tooltip) return;
    loadMenuPopups()
      .then((module) => setTooltip(() => module.Tooltip))
      .catch(() => undefined);
  };

  const anchorProps = {
    ref: setAnchor,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      load();
      if (event.pointerType === 'mouse') later(true, ENTER_DELAY_MS);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') now(false);
    },
    onTouchStart: () => {
      load();
      later(true, ENTER_TOUCH_DELAY_MS);
    },
    onTouchEnd: () => later(false, LEAVE_TOUCH_DELAY_MS),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      load();
      if (event.currentTarget.matches(':focus-visible')) now(true);
    },
    onBlur: () => now(false),
  };

  const tooltip: ReactNode =
    Tooltip && anchor ? (
      <Tooltip title={title} open={isOpen} disableInteractive slotProps={{ popper: { anchorEl: anchor } }}>
        <span hidden />
      </Tooltip>
    ) : null;

  return { anchorProps, tooltip };
};
