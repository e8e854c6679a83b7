// The entity's sample items: one row per sample, one column per attribute; add, remove, or generate more
// with the core's generator (children point at existing parents).
import { memo, useId, useState } from 'react';
import { addSample, setSamples } from '../../../core/model/ops/index.ts';
import type { Entity } from '../../../core/model/schema.ts';
import { useStore } from '../../../store/index.ts';
import { Icon } from '../../components/icon.tsx';
import { GenerateControls, type GenerateNote } from './generate-controls.tsx';
import { sameNameAndAttributes } from './same-entity-shape.ts';
import { SampleRows } from './sample-rows.tsx';

/** Reads only the entity's name and attributes, so a key template edit does not redraw its sample inputs. */
export const SamplesTable = memo(
  function SamplesTable({ entity }: { entity: Entity }) {
    const samples = useStore((s) => s.design?.items[entity.name]) ?? [];
    const commit = useStore((s) => s.commit);
    const [note, setNote] = useState<GenerateNote>();
    const noteId = useId();
    return (
      <div className="samples">
        <div className="samples-toolbar">
          <button
            type="button"
            className="btn btn-sm"
            data-testid="entity.addSample"
            onClick={() => commit((d) => addSample(d, entity.name, {}))}
          >
            <Icon name="plus" size={12} /> Row
          </button>
          <GenerateControls entity={entity} note={note} setNote={setNote} noteId={noteId} />
          {samples.length > 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm samples-clear"
              data-testid="entity.clearSamples"
              onClick={() => commit((d) => setSamples(d, entity.name, []))}
            >
              Clear
            </button>
          )}
        </div>
        {note?.entity === entity.name && (
          <p
            id={noteId}
            className={`generate-note generate-note-${note.tone}`}
            role={note.tone === 'error' ? 'alert' : 'status'}
            data-testid="entity.generateNote"
          >
            {note.text}
          </p>
        )}
        {samples.length === 0 ? (
          <p className="editor-empty">
            No sample items. Generate a few to see this entity's keys in the grid.
          </p>
        ) : entity.attributes.length === 0 ? (
          <p className="editor-empty">{samples.length} samples; add attributes to edit their values.</p>
        ) : (
          <SampleRows entity={entity} samples={samples} />
        )}
      </div>
    );
  },
  (before, after) => sameNameAndAttributes(before.entity, after.entity),
);
