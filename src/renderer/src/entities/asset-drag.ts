/**
 * Dragging a library item (an image of the gallery or of Create's recent strip) onto another
 * place of the window, such as Create's reference tray. The data is the asset's id and kind;
 * whoever receives it asks main for the rest.
 */

const ASSET_DRAG_TYPE = 'application/x-atelier-asset';

export interface DraggedAsset {
  id: string;
  kind: 'image' | 'video';
  /** A name to show while it is being added. */
  name: string;
}

export function writeAssetDrag(data: DataTransfer, asset: DraggedAsset): void {
  data.setData(ASSET_DRAG_TYPE, JSON.stringify(asset));
  data.effectAllowed = 'copy';
}

/** The dragged asset, or null when the drag carries none (or something malformed). */
export function readAssetDrag(data: DataTransfer): DraggedAsset | null {
  try {
    const value = JSON.parse(data.getData(ASSET_DRAG_TYPE)) as Partial<DraggedAsset> | null;
    if (typeof value?.id !== 'string' || (value.kind !== 'image' && value.kind !== 'video')) return null;
    return { id: value.id, kind: value.kind, name: typeof value.name === 'string' ? value.name : value.id };
  } catch {
    return null;
  }
}

/** Whether a drag in progress carries a library item (its data is readable only on drop). */
export function carriesAsset(data: DataTransfer): boolean {
  return data.types.includes(ASSET_DRAG_TYPE);
}
