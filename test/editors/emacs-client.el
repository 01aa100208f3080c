;;; emacs-client.el --- Drives eglot against the mailroom language server in `emacs --batch`  -*- lexical-binding: t -*-
;; Run by emacs.test.ts, after the set-up docs/editors.md gives for Emacs (loaded as the init file), with the
;; settings in the JSON file named by $MAILROOM_EMACS_CONFIG: file: the service to open; out: where to write what
;; it saw; timeout: seconds for each step. It opens the file, waits for the diagnostics, kills the server
;; (SIGKILL), and waits for eglot to connect a new one and for its diagnostics.
(require 'json)
(let* ((config (json-read-file (getenv "MAILROOM_EMACS_CONFIG")))
       (out (alist-get 'out config))
       (timeout (alist-get 'timeout config))
       (results (list (cons 'errors [])))
       (wait (lambda (test)
               (let ((deadline (+ (float-time) timeout)))
                 (while (and (not (funcall test)) (< (float-time) deadline))
                   (accept-process-output nil 0.05))
                 (funcall test))))
       (codes (lambda ()
                (vconcat (mapcar (lambda (d)
                                   (list (cons 'line (line-number-at-pos (flymake-diagnostic-beg d)))
                                         (cons 'message (flymake-diagnostic-text d))))
                                 (flymake-diagnostics))))))
  (condition-case err
      (progn
        (find-file (alist-get 'file config))
        (push (cons 'mode (symbol-name major-mode)) results)
        ;; `eglot-ensure' connects after the command that opened the file, from `post-command-hook': there is
        ;; no command loop in batch mode, so the hook runs here.
        (run-hooks 'post-command-hook)
        (funcall wait (lambda () (eglot-current-server)))
        (funcall wait (lambda () (flymake-diagnostics)))
        (push (cons 'diagnostics (funcall codes)) results)
        (let* ((server (eglot-current-server))
               (process (jsonrpc--process server)))
          ;; eglot reconnects to a server that ran for `eglot-autoreconnect' seconds before it died.
          (sleep-for (1+ eglot-autoreconnect))
          (signal-process process 9)
          (funcall wait (lambda () (let ((now (eglot-current-server))) (and now (not (eq now server))))))
          (push (cons 'reconnected (and (eglot-current-server) (not (eq (eglot-current-server) server)) t)) results)
          (funcall wait (lambda () (flymake-diagnostics)))
          (push (cons 'restarted (funcall codes)) results)))
    (error (push (cons 'errors (vector (error-message-string err))) results)))
  (with-temp-file out (insert (json-encode results)))
  (kill-emacs 0))
