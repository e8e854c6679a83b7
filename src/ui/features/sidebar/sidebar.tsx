// The left panel: the table and its indexes, the entities and the access patterns. Resizable (260–600 px,
// persisted) and collapsible with ⌘B.
import { useStore } from '../../../store/index.ts';
import { Splitter } from '../../components/splitter.tsx';
import { CommentSection } from '../comments/comment-section.tsx';
import { EntitySection } from './entity-section.tsx';
import { PatternSection } from './pattern-section.tsx';
import { TableSection } from './table-section.tsx';
import './sidebar.css';

export const SIDEBAR_MIN = 260;
export const SIDEBAR_MAX = 600;

export function Sidebar() {
  const width = useStore((s) => s.ui.leftWidth);
  const setUi = useStore((s) => s.setUi);
  const hasDesign = useStore((s) => s.design !== null);
  if (!hasDesign) return null;
  return (
    <div className="sidebar">
      <div className="side-scroll">
        <TableSection />
        <EntitySection />
        <PatternSection />
        <CommentSection />
      </div>
      <Splitter
        size={width}
        min={SIDEBAR_MIN}
        max={SIDEBAR_MAX}
        direction="right"
        ariaLabel="Resize the sidebar"
        className="sidebar-splitter"
        testId="sidebar.resize"
        onResize={(leftWidth) => setUi({ leftWidth })}
      />
    </div>
  );
}
