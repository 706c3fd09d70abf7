"""One renderer module per game: ``render(cv, view, actions, me)`` (see ``tavolo_ui.canvas``)."""
