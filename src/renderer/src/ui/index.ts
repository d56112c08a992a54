/**
 * The shared UI kit: every feature builds its screens from these (and adds its own presentational
 * components in its folder). Styles in `ui.css`, colours and sizes from `styles/tokens.css`.
 */
export { Badge, type BadgeTone } from './Badge';
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { ComingSoon } from './ComingSoon';
export { ConfirmDialog } from './ConfirmDialog';
export { Dialog } from './Dialog';
export { EmptyState } from './EmptyState';
export { Field, type FieldControlProps } from './Field';
export { IconButton } from './IconButton';
export { Page } from './Page';
export { ProgressBar } from './ProgressBar';
export { SegmentedControl } from './SegmentedControl';
export { Select, type SelectOption } from './Select';
export { Skeleton } from './Skeleton';
export { Slider } from './Slider';
export { Switch } from './Switch';
export { Tabs, type TabItem } from './Tabs';
export { TextField } from './TextField';
export { ToastRegion } from './ToastRegion';
export { showToast, useToastStore, type ToastAction, type ToastOptions, type ToastTone } from './toast-store';
export { localShortcutModifier, shortcutModifier } from './shortcut-modifier';
