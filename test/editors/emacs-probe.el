;;; emacs-probe.el --- run by test/editors/emacs.test.ts  -*- lexical-binding: t -*-
;; Loaded by `emacs --batch` after the configuration of docs/editors.md. Opens the broken request
;; file, starts eglot as the page says (M-x eglot), and records what Emacs gets: the major mode, the
;; server, Flymake's diagnostics, the candidates of completion-at-point in a value, and the hover of a
;; field. Writes them as JSON to $PROBE_OUT and exits. Every wait is for a condition, with a deadline.
(require 'json)
(defvar probe-result nil)
(defun probe-put (key value) (push (cons key value) probe-result))
(defun probe-wait (condition seconds)
  "Let Emacs run until CONDITION returns non-nil or SECONDS pass; return CONDITION's last value."
  (let ((deadline (+ (float-time) seconds)) (value (funcall condition)))
    (while (and (not value) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (setq value (funcall condition)))
    value))
(defun probe-finish ()
  (with-temp-file (getenv "PROBE_OUT") (insert (json-encode probe-result)))
  (kill-emacs 0))

(condition-case err
    (progn
      (find-file (expand-file-name "requests/broken.graphreq"))
      (probe-put 'mode (symbol-name major-mode))
      (require 'eglot)
      (call-interactively #'eglot)
      (probe-put 'connected (and (probe-wait #'eglot-current-server 30) t))
      (probe-put 'server (plist-get (eglot--server-info (eglot-current-server)) :name))
      (probe-put 'diagnostics
                 (vconcat (mapcar (lambda (d) (list (cons 'type (symbol-name (flymake-diagnostic-type d)))
                                                    (cons 'line (line-number-at-pos (flymake-diagnostic-beg d)))
                                                    (cons 'text (flymake-diagnostic-text d))))
                                  (probe-wait #'flymake-diagnostics 30))))
      ;; Completion: what C-M-i (completion-at-point) offers in the empty bid_strategy value.
      (goto-char (point-min))
      (search-forward "\"bid_strategy\": \"")
      (let ((capf (run-hook-with-args-until-success 'completion-at-point-functions)))
        (probe-put 'completion (vconcat (and capf (mapcar #'substring-no-properties (all-completions "" (nth 2 capf)))))))
      ;; Hover: what eldoc asks the server for on a field name.
      (goto-char (point-min))
      (search-forward "daily_bu")
      (let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover (eglot--TextDocumentPositionParams))))
        (probe-put 'hover (plist-get (plist-get hover :contents) :value)))
      ;; Formatting with the options this buffer gives the server (tab-width, indent-tabs-mode): the
      ;; file is already formatted, so nothing should move.
      (let ((before (buffer-substring-no-properties (point-min) (point-max))))
        (eglot-format-buffer)
        (probe-put 'format-unchanged (if (equal before (buffer-substring-no-properties (point-min) (point-max))) t :json-false))
        (probe-put 'format-after (buffer-substring-no-properties (point-min) (point-max))))
      (probe-put 'done t))
  (error (probe-put 'error (error-message-string err))))
(probe-finish)
