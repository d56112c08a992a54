/**
 * The shared UI kit: every feature builds its screens from these (and adds its own presentational
 * components in its folder). Each component's styles sit beside it (`Badge.css`, `button.css`, ...),
 * colours and sizes from `styles/tokens.css`.
 */
export { Badge, type BadgeTone } from './Badge';
export { Button } from './Button';
export { ConfirmDialog } from './ConfirmDialog';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export { Field } from './Field';
export { IconButton } from './IconButton';
export { Page } from './Page';
export { ProgressBar } from './ProgressBar';
export { SegmentedControl } from './SegmentedControl';
export { Select, type SelectOption } from './Select';
export { Skeleton } from './Skeleton';
export { Slider } from './Slider';
export { Switch } from './Switch';
export { Tabs } from './Tabs';
export { TextField } from './TextField';
export { ToastRegion } from './ToastRegion';
export { showToast } from './toast-store';
export { localShortcutModifier } from './shortcut-modifier';
export { observeInnerWidth } from './observe-inner-width';
