import { Download, Heart, ImagePlus, Inbox, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  IconButton,
  Page,
  ProgressBar,
  SegmentedControl,
  Select,
  showToast,
  Skeleton,
  Slider,
  Switch,
  Tabs,
  TextField,
} from './index';
import './field.css';
import './KitShowcase.css';

/**
 * Every piece of the kit on one page (`#/kit`, not in the navigation): the reference for the
 * screens built on it, and what the visual tests photograph in both themes. Developer-facing, so
 * its sample texts are not translated.
 */
export function KitShowcase() {
  const [text, setText] = useState('a lighthouse at dusk, oil on canvas');
  const [kind, setKind] = useState<'image' | 'video'>('image');
  const [quality, setQuality] = useState<'low' | 'medium' | 'high'>('medium');
  const [watermark, setWatermark] = useState(true);
  const [brush, setBrush] = useState(40);
  const [tab, setTab] = useState<'grid' | 'compare'>('grid');
  const [confirming, setConfirming] = useState(false);
  const [liked, setLiked] = useState(false);

  return (
    <Page title="UI kit" lead="The shared pieces every screen is built from." width="wide">
      <div className="kit-grid">
        <section className="kit-card" aria-label="Buttons">
          <div className="form-actions">
            <Button variant="primary" icon={ImagePlus}>
              Generate
            </Button>
            <Button>Secondary</Button>
            <Button variant="quiet">Quiet</Button>
            <Button variant="danger" icon={Trash2} onClick={() => setConfirming(true)}>
              Delete
            </Button>
            <Button busy>Saving</Button>
          </div>
          <div className="form-actions">
            <IconButton label="Favourite" icon={Heart} pressed={liked} onClick={() => setLiked(!liked)} />
            <IconButton label="Download" icon={Download} variant="secondary" />
            <Button size="sm" onClick={() => showToast(() => 'Batch queued: 8 images', 'success')}>
              Show a toast
            </Button>
            <Badge tone="accent">3 running</Badge>
            <Badge tone="ok">Done</Badge>
            <Badge tone="warning">Demo</Badge>
            <Badge tone="danger">Failed</Badge>
            <Badge>Draft</Badge>
          </div>
        </section>
        <section className="kit-card" aria-label="Fields">
          <TextField label="Prompt" value={text} onChange={setText} help="Describe the image." />
          <TextField label="Negative prompt" value="" onChange={() => undefined} error="At most 500 characters" />
          <Select
            label="Model"
            value="gen-image-2"
            onChange={() => undefined}
            options={[
              { value: 'gen-image-2', label: 'GPT Image 2' },
              { value: 'nova', label: 'Nova 3.1 Flash' },
            ]}
          />
        </section>
        <section className="kit-card" aria-label="Choices">
          <SegmentedControl
            label="Kind"
            value={kind}
            onChange={setKind}
            options={[
              { value: 'image', label: 'Images' },
              { value: 'video', label: 'Videos' },
            ]}
          />
          <SegmentedControl
            label="Quality"
            value={quality}
            onChange={setQuality}
            options={[
              { value: 'low', label: 'Low' },
              { value: 'medium', label: 'Medium' },
              { value: 'high', label: 'High' },
            ]}
          />
          <Switch label="Watermark" checked={watermark} onChange={setWatermark} help="Adds the gateway's mark to the result." />
          <Slider label="Brush size" value={brush} min={1} max={200} onChange={setBrush} format={(v) => `${v} px`} />
        </section>
        <section className="kit-card" aria-label="Progress">
          <ProgressBar label="Batch progress" value={0.62} valueText="5 of 8" />
          <ProgressBar label="Waiting for the gateway" value={null} size="sm" />
          <Skeleton lines={3} width="100%" />
          <Tabs
            label="View"
            selected={tab}
            onSelect={setTab}
            tabs={[
              { value: 'grid', label: 'Grid', panel: <p className="field-help">The grid of results.</p> },
              { value: 'compare', label: 'Compare', panel: <p className="field-help">Side by side.</p> },
            ]}
          />
        </section>
        <section className="kit-card kit-wide" aria-label="Empty state">
          <EmptyState
            icon={Inbox}
            title="No results yet"
            body="Results of your batches appear here as they finish."
            action={<Button variant="primary">Create something</Button>}
          />
        </section>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete 3 items?"
        body="They move to the trash; you can undo it."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => setConfirming(false)}
        onCancel={() => setConfirming(false)}
      />
    </Page>
  );
}
