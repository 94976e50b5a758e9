"""Record and replay: every model exchange of a run kept in a folder, and played back offline.

    $ python agent.py --record cassette --model qwen2.5:7b -q "Check A001"   # asks the server
    $ python agent.py --replay cassette --model qwen2.5:7b -q "Check A001"   # asks the folder

`--record DIR` keeps each exchange with the model server: the request's bytes as the
program sent them, and the reply as the server sent it (a stream as its lines), in one file
per request named by the SHA-256 of those bytes (recording.py says what a file holds).
`--replay DIR` answers each request from that folder instead of a server: nothing goes on
the network, and the tools and the data run as usual, so a drift in the tools' output, the
prompt or our own requests changes a request, and a request with no recording ends the run
with NO_RECORDING and a short diff against the nearest recording.

The one entry point is `attach`: it hands a client of stock_agent.providers the transport
its `chat` posts through (ChatClient.transport). Nothing else in the program changes; the
request is built, and the reply read, by the same code as without this wing.

A recording holds content (the question, the tool results, the model's answers): its files
are created 0600 and a folder it creates 0700. Not guarded: a recording someone edited by
hand is replayed as it is (only its request must still match its name).
"""


def attach(client, *, record=None, replay=None):
    """`client` posting through a recorder into the folder `record`, or answered from the
    folder `replay`. The folder is checked here, before anything is sent."""
    from stock_agent.replay import recording
    if record is not None:
        client.transport = recording.Recorder(record, provider=client.provider)
    else:
        client.transport = recording.Player(replay)
    return client
