" Drives ALE in Vim against the mailroom language server and writes what it saw to a JSON file. Run by
" vim-ale.test.ts: `vim -N -n -u <set-up> -i NONE --not-a-term -S vim-ale-client.vim <service>`, the settings in the
" JSON file named by $MAILROOM_VIM_CONFIG:
"   out: where to write the results; completion, definition: LSP positions ({line, character}) in the service;
"   timeout_ms: for each step.
" Vim runs its event loop as for a user (ALE works through jobs, channels and timers): each step starts an action,
" then a timer polls until its effect shows.
let s:config = json_decode(join(readfile($MAILROOM_VIM_CONFIG), "\n"))
" `errors` gets a "step: error" line per failed step.
let s:results = {'steps': [], 'errors': []}
let s:buffer = bufnr('')

function! s:Finish(status) abort
  let s:results.status = a:status
  call writefile([json_encode(s:results)], s:config.out)
  execute a:status is# 'done' ? 'qall!' : '3cquit!'
endfunction

" Whatever happens below, Vim ends: a watchdog for the whole run, on top of each step's own timeout.
call timer_start(s:config.timeout_ms * 4, {-> s:Finish('watchdog')})

" The steps, run in order: each a name, an action that starts it, a condition polled until it holds (or the step
" times out), what it records then, and an action run after either. A failed step is recorded and the next one
" still runs, so one run reports on every feature.
let s:steps = []
function! s:Step(name, Start, Ready, Record, ...) abort
  call add(s:steps, {'name': a:name, 'start': a:Start, 'ready': a:Ready, 'record': a:Record,
  \   'after': get(a:000, 0, {-> 0})})
endfunction

function! s:Run(...) abort
  " Each step starts in Normal mode, once the keys the previous one typed have been handled.
  if mode() isnot# 'n'
    return timer_start(20, function('s:Run'))
  endif
  if empty(s:steps)
    return s:Finish('done')
  endif
  let l:step = remove(s:steps, 0)
  call add(s:results.steps, l:step.name)
  try
    call l:step.start()
  catch
    call add(s:results.errors, l:step.name . ': ' . v:exception)
    return s:Run()
  endtry
  let l:deadline = reltimefloat(reltime()) + s:config.timeout_ms / 1000.0
  call timer_start(20, function('s:Poll', [l:step, l:deadline]), {'repeat': -1})
endfunction

function! s:Poll(step, deadline, timer) abort
  let l:ready = a:step.ready()
  if !l:ready && reltimefloat(reltime()) < a:deadline
    return
  endif
  call timer_stop(a:timer)
  try
    if !l:ready
      throw 'timed out'
    endif
    call a:step.record()
  catch
    call add(s:results.errors, a:step.name . ': ' . v:exception)
  endtry
  call a:step.after()
  " The next step from a timer of its own, once this callback has returned.
  call timer_start(0, function('s:Run'))
endfunction

" Puts the cursor on an LSP position (the service is ASCII: characters are bytes).
function! s:MoveTo(position) abort
  call cursor(a:position.line + 1, a:position.character + 1)
endfunction

" The linters ALE runs on the service and the root it starts the language server in.
function! s:RecordLinters() abort
  if !exists('g:loaded_ale')
    throw 'ALE is not loaded'
  endif
  let l:linters = ale#linter#Get(getbufvar(s:buffer, '&filetype'))
  let s:results.linters = map(copy(l:linters), 'v:val.name')
  let s:results.root = ale#lsp_linter#FindProjectRoot(s:buffer, l:linters[0])
  " ALE would not say why the next steps get no answer.
  if !executable(l:linters[0].executable)
    throw l:linters[0].executable . ' is not on PATH'
  endif
endfunction
call s:Step('linters', {-> 0}, {-> 1}, function('s:RecordLinters'))

" ALE lints the service when it is opened; what it found is ALE's list for the buffer (signs, :lopen).
function! s:RecordDiagnostics() abort
  let s:results.diagnostics = []
  for l:found in ale#engine#GetLoclist(s:buffer)
    call add(s:results.diagnostics, {'line': l:found.lnum - 1, 'col': l:found.col - 1,
    \   'code': get(l:found, 'code', ''), 'type': l:found.type, 'message': l:found.text})
  endfor
endfunction
call s:Step('diagnostics', {-> 0}, {-> !empty(ale#engine#GetLoclist(s:buffer))}, function('s:RecordDiagnostics'))

" Insert mode's omni completion (CTRL-X CTRL-O), which the set-up hands to ALE: the words offered are read while
" the menu is open, then the completion is cancelled and Insert mode left.
function! s:StartCompletion() abort
  call s:MoveTo(s:config.completion)
  call feedkeys("i\<C-x>\<C-o>", 't')
endfunction
function! s:RecordCompletion() abort
  let s:results.completion = map(complete_info(['items']).items, 'v:val.word')
endfunction
call s:Step('completion', function('s:StartCompletion'), {-> !empty(complete_info(['items']).items)},
\   function('s:RecordCompletion'), {-> feedkeys("\<C-e>\<Esc>", 't')})

" :ALEGoToDefinition, which moves the cursor when the answer comes.
function! s:StartDefinition() abort
  call s:MoveTo(s:config.definition)
  let s:from = getcurpos()
  ALEGoToDefinition
endfunction
function! s:RecordDefinition() abort
  let s:results.definition = {'file': expand('%:p'), 'line': line('.') - 1, 'col': col('.') - 1}
endfunction
call s:Step('definition', function('s:StartDefinition'), {-> getcurpos() != s:from}, function('s:RecordDefinition'))

" The server killed, as a crash would: ALE starts another at the next check (`:ALELint` here; in use, the next
" edit or save), whose diagnostics come back.
function! s:ServerPids() abort
  return map(filter(values(ale#lsp#GetConnections()), 'ale#job#IsRunning(get(v:val, "job_id", 0))'), 'v:val.job_id')
endfunction
function! s:KillServer() abort
  let s:killed = s:ServerPids()
  if empty(s:killed)
    throw 'no server running'
  endif
  call system('kill -KILL ' . join(s:killed))
  call timer_start(500, {-> execute('ALELint')})
endfunction
function! s:Restarted() abort
  let l:running = s:ServerPids()
  return !empty(l:running) && empty(filter(copy(l:running), 'index(s:killed, v:val) >= 0'))
  \   && !empty(ale#engine#GetLoclist(s:buffer))
endfunction
function! s:RecordRestart() abort
  let s:results.restarted = map(copy(ale#engine#GetLoclist(s:buffer)), '{"line": v:val.lnum - 1, "code": get(v:val, "code", "")}')
endfunction
call s:Step('restart', function('s:KillServer'), function('s:Restarted'), function('s:RecordRestart'))

call s:Run()
