<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Actions</name>
    <message>
        <source>&amp;How to play</source>
        <translation>玩法说明(&amp;H)</translation>
    </message>
    <message>
        <source>The guide to this game</source>
        <translation>本游戏的玩法指南</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Every action and its keys</source>
        <translation>所有操作及其按键</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>新游戏(&amp;N)…</translation>
    </message>
    <message>
        <source>Back to the start page to choose a game</source>
        <translation>返回开始页选择游戏</translation>
    </message>
    <message>
        <source>&amp;Open save…</source>
        <translation>打开存档(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a saved game</source>
        <translation>打开已保存的游戏</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the game</source>
        <translation>保存游戏</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the game to a new file</source>
        <translation>将游戏保存到新文件</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Close Adjutant (the game is autosaved)</source>
        <translation>关闭 Adjutant（游戏已自动保存）</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Take back the last command</source>
        <translation>撤回上一条指令</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Replay the command taken back</source>
        <translation>重新执行被撤回的指令</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
    <message>
        <source>Play the next automated step</source>
        <translation>执行下一个自动步骤</translation>
    </message>
    <message>
        <source>S&amp;tep through automation</source>
        <translation>逐步执行自动流程(&amp;T)</translation>
    </message>
    <message>
        <source>Wait for Continue before each automated step</source>
        <translation>每个自动步骤前等待“继续”</translation>
    </message>
    <message>
        <source>Ask every &amp;question</source>
        <translation>询问每个问题(&amp;Q)</translation>
    </message>
    <message>
        <source>Forget fast play: show every decision, even those answered with their default</source>
        <translation>取消快速游戏：显示每个决定，包括之前自动采用默认选项的决定</translation>
    </message>
    <message>
        <source>Clear selection</source>
        <translation>取消选择</translation>
    </message>
    <message>
        <source>Deselect the counter</source>
        <translation>取消选择算子</translation>
    </message>
    <message>
        <source>&amp;Fit board</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Show the whole board</source>
        <translation>显示整个地图</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>&amp;Minimap</source>
        <translation>小地图(&amp;M)</translation>
    </message>
    <message>
        <source>Show or hide the minimap</source>
        <translation>显示或隐藏小地图</translation>
    </message>
    <message>
        <source>Location &amp;labels</source>
        <translation>位置标签(&amp;L)</translation>
    </message>
    <message>
        <source>Show or hide square and hex names</source>
        <translation>显示或隐藏方格与六角格编号</translation>
    </message>
    <message>
        <source>Switch the interface to English</source>
        <translation>将界面切换为英文</translation>
    </message>
    <message>
        <source>Switch the interface to Simplified Chinese</source>
        <translation>将界面切换为简体中文</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>Language, table mode, counter size</source>
        <translation>语言、桌面模式、算子大小</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>游戏(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>对局(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>{0} was damaged; it was moved aside to {1} and defaults are used.</source>
        <translation>{0} 已损坏；已移到 {1} 保留，现使用默认设置。</translation>
    </message>
    <message>
        <source>The data folder cannot be used ({0}); autosave is off.</source>
        <translation>无法使用数据文件夹（{0}）；自动保存已关闭。</translation>
    </message>
    <message>
        <source>Adjutant</source>
        <translation>Adjutant</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开剧本</translation>
    </message>
    <message>
        <source>Cannot open save</source>
        <translation>无法打开存档</translation>
    </message>
    <message>
        <source>Cannot restore</source>
        <translation>无法恢复</translation>
    </message>
</context>
<context>
    <name>DecisionBar</name>
    <message>
        <source>Always take the default</source>
        <translation>总是采用默认选项</translation>
    </message>
    <message>
        <source>Fast play: answer this kind of question with its default from now on</source>
        <translation>快速游戏：此后此类问题一律采用默认选项</translation>
    </message>
    <message>
        <source>The default answer</source>
        <translation>默认选项</translation>
    </message>
    <message>
        <source>{0} (bot) decides</source>
        <translation>{0}（电脑）作出决定</translation>
    </message>
    <message>
        <source>{0} decides</source>
        <translation>{0}作出决定</translation>
    </message>
</context>
<context>
    <name>DiceTray</name>
    <message>
        <source>Roll 1 die for: {0} — click the symbol rolled</source>
        <translation>为{0}掷 1 颗骰子——点击掷出的符号</translation>
    </message>
    <message>
        <source>Click 1 symbol.</source>
        <translation>请点击 1 个符号。</translation>
    </message>
    <message>
        <source>Type a number from 1 to {0}.</source>
        <translation>请输入 1 到 {0} 之间的一个数字。</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Roll {0} dice for: {1} — click the symbols rolled</source>
        <translation>为{1}掷 {0} 颗骰子——点击掷出的符号</translation>
    </message>
    <message>
        <source>Rolled ({0}/{1}): {2}</source>
        <translation>已掷出（{0}/{1}）：{2}</translation>
    </message>
    <message>
        <source>Click {0} symbols.</source>
        <translation>请点击 {0} 个符号。</translation>
    </message>
    <message>
        <source>Dice</source>
        <translation>骰子</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Dice rolled, e.g. 3 5 1</source>
        <translation>掷出的点数，例如 3 5 1</translation>
    </message>
    <message>
        <source>Draw a card for: {0}</source>
        <translation>为以下目的抽一张牌：{0}</translation>
    </message>
    <message>
        <source>Roll {0} d{1} for: {2}</source>
        <translation>掷 {0} 个 d{1}，用于：{2}</translation>
    </message>
    <message>
        <source>Type {0} numbers from 1 to {1}.</source>
        <translation>请输入 {0} 个 1 到 {1} 之间的数字。</translation>
    </message>
</context>
<context>
    <name>Board</name>
    <message>
        <source>{0} cannot be given an order now.</source>
        <translation>{0} 现在不能接受命令。</translation>
    </message>
    <message>
        <source>Select {0}</source>
        <translation>选择 {0}</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Terrain</source>
        <translation>地形</translation>
    </message>
    <message>
        <source>Edges</source>
        <translation>边界</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Select one of your counters</source>
        <translation>请选择你的一个算子</translation>
    </message>
    <message>
        <source>The bot is playing</source>
        <translation>电脑正在行动</translation>
    </message>
    <message>
        <source>Answer the question above</source>
        <translation>请回答上方的问题</translation>
    </message>
    <message>
        <source>Choose a command below</source>
        <translation>请从下方选择一个指令</translation>
    </message>
    <message>
        <source>Which command?</source>
        <translation>哪个命令？</translation>
    </message>
    <message>
        <source>{0} ▸ {1}</source>
        <translation>{0} ▸ {1}</translation>
    </message>
    <message>
        <source>Click one of the highlighted locations</source>
        <translation>请点击一个高亮的位置</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Odds</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>{0} — then enter it in the Dice panel</source>
        <translation>{0}——然后在骰子面板中输入</translation>
    </message>
</context>
<context>
    <name>LineOfSight</name>
    <message>
        <source>Blocked</source>
        <translation>视线隔断</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>视线通畅</translation>
    </message>
    <message>
        <source>Right-drag from a unit: line of sight</source>
        <translation>从单位按住右键拖动：视线</translation>
    </message>
    <message>
        <source>hindrances: {0}</source>
        <translation>阻碍：{0}</translation>
    </message>
    <message>
        <source>level</source>
        <translation>高度</translation>
    </message>
</context>
<context>
    <name>LogDock</name>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>At the table: {0}</source>
        <translation>桌面操作：{0}</translation>
    </message>
    <message>
        <source>Dice: {0}</source>
        <translation>骰子：{0}</translation>
    </message>
    <message>
        <source>Target: {0}</source>
        <translation>目标值：{0}</translation>
    </message>
    <message>
        <source>Result: {0}</source>
        <translation>结果：{0}</translation>
    </message>
    <message>
        <source>Note: {0}</source>
        <translation>注：{0}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Hot-seat: {0}</source>
        <translation>轮流对战：{0}</translation>
    </message>
    <message>
        <source>You play {0}</source>
        <translation>你执掌：{0}</translation>
    </message>
    <message>
        <source>The bots play</source>
        <translation>由电脑对战</translation>
    </message>
    <message>
        <source> (the bot plays {0})</source>
        <translation>（电脑执掌：{0}）</translation>
    </message>
    <message>
        <source>{0} (bot): {1}</source>
        <translation>{0}（电脑）：{1}</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Autosave is off: {0}</source>
        <translation>自动保存已关闭：{0}</translation>
    </message>
    <message>
        <source>Game over: {0}</source>
        <translation>游戏结束：{0}</translation>
    </message>
    <message>
        <source>table mode</source>
        <translation>桌面模式</translation>
    </message>
    <message>
        <source>digital dice</source>
        <translation>电子骰子</translation>
    </message>
    <message>
        <source>unsaved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <source>Overlays</source>
        <translation>叠加图层</translation>
    </message>
    <message>
        <source>Panels</source>
        <translation>面板</translation>
    </message>
    <message>
        <source>Toolbar</source>
        <translation>工具栏</translation>
    </message>
</context>
<context>
    <name>PhaseTracker</name>
    <message>
        <source>Sequence of play</source>
        <translation>回合流程</translation>
    </message>
    <message>
        <source>Continue (Space)</source>
        <translation>继续（空格）</translation>
    </message>
    <message>
        <source>Side to act: {0}</source>
        <translation>行动方：{0}</translation>
    </message>
    <message>
        <source>At the table:</source>
        <translation>桌面操作：</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>north</source>
        <translation>北</translation>
    </message>
    <message>
        <source>north-east</source>
        <translation>东北</translation>
    </message>
    <message>
        <source>east</source>
        <translation>东</translation>
    </message>
    <message>
        <source>south-east</source>
        <translation>东南</translation>
    </message>
    <message>
        <source>south</source>
        <translation>南</translation>
    </message>
    <message>
        <source>south-west</source>
        <translation>西南</translation>
    </message>
    <message>
        <source>west</source>
        <translation>西</translation>
    </message>
    <message>
        <source>north-west</source>
        <translation>西北</translation>
    </message>
    <message>
        <source>exposed</source>
        <translation>暴露</translation>
    </message>
    <message>
        <source>crouched</source>
        <translation>蹲伏</translation>
    </message>
    <message>
        <source>carrying</source>
        <translation>搬运中</translation>
    </message>
    <message>
        <source>scuba gear</source>
        <translation>潜水装备</translation>
    </message>
    <message>
        <source>camouflaged</source>
        <translation>伪装</translation>
    </message>
    <message>
        <source>disguised</source>
        <translation>乔装</translation>
    </message>
    <message>
        <source>talking</source>
        <translation>交谈中</translation>
    </message>
    <message>
        <source>alert</source>
        <translation>警戒</translation>
    </message>
    <message>
        <source>smoking</source>
        <translation>吸烟</translation>
    </message>
    <message>
        <source>on a spawn tile</source>
        <translation>在增援板上</translation>
    </message>
    <message>
        <source>hunter</source>
        <translation>猎手</translation>
    </message>
    <message>
        <source>mechanical failure</source>
        <translation>机械故障</translation>
    </message>
    <message>
        <source>strangled</source>
        <translation>被勒住</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>无人</translation>
    </message>
    <message>
        <source>attack side</source>
        <translation>进攻面</translation>
    </message>
    <message>
        <source>casualty side</source>
        <translation>伤亡面</translation>
    </message>
    <message>
        <source>armoured</source>
        <translation>装甲</translation>
    </message>
    <message>
        <source>marked</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>ordered</source>
        <translation>已下令</translation>
    </message>
    <message>
        <source>full strength</source>
        <translation>满编</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>阵营</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>强度</translation>
    </message>
    <message>
        <source>Facing</source>
        <translation>朝向</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>StartPage</name>
    <message>
        <source>1 move</source>
        <translation>已进行 1 步</translation>
    </message>
    <message>
        <source>{0} moves</source>
        <translation>已进行 {0} 步</translation>
    </message>
    <message>
        <source>A game is in progress: go back to it, or choose a new one below.</source>
        <translation>有一局游戏正在进行：可以返回继续，或在下方选择新游戏。</translation>
    </message>
    <message>
        <source>Your last game: {0}, {1}, left at {2}.</source>
        <translation>上一局游戏：{0}，{1}，离开于 {2}。</translation>
    </message>
    <message>
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Back to the game</source>
        <translation>返回游戏</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Bot</source>
        <translation>电脑</translation>
    </message>
    <message>
        <source>Adjutant — choose a game</source>
        <translation>Adjutant — 选择游戏</translation>
    </message>
    <message>
        <source>Game system</source>
        <translation>游戏系统</translation>
    </message>
    <message>
        <source>Missions and scenarios</source>
        <translation>任务与剧本</translation>
    </message>
    <message>
        <source>Briefing</source>
        <translation>简报</translation>
    </message>
    <message>
        <source>Recent saves</source>
        <translation>最近的存档</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Digital dice (Adjutant rolls)</source>
        <translation>电子骰子（由 Adjutant 掷骰）</translation>
    </message>
    <message>
        <source>Table mode (type the dice you roll)</source>
        <translation>桌面模式（输入你掷出的点数）</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Restore the game interrupted at {0}?</source>
        <translation>恢复在 {0} 中断的游戏？</translation>
    </message>
    <message>
        <source>Edit in the editor</source>
        <translation>在编辑器中编辑</translation>
    </message>
    <message>
        <source>New mission in the editor</source>
        <translation>在编辑器中新建任务</translation>
    </message>
</context>
<context>
    <name>Files</name>
    <message>
        <source>{0}:
{1}

Open the game at its last good command ({2})?</source>
        <translation>{0}：
{1}

在最后一条有效命令（第 {2} 条）处打开这局游戏吗？</translation>
        <source>Leave this game?</source>
        <translation>离开这局游戏？</translation>
    </message>
    <message>
        <source>The game in progress has moves that are not in a save file. Save it before leaving?</source>
        <translation>进行中的游戏有尚未存档的操作。离开前要存档吗？</translation>
    </message>
    <message>
        <source>Save game</source>
        <translation>保存游戏</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>{0}:
{1}</source>
        <translation>{0}：
{1}</translation>
    </message>
    <message>
        <source>Saved to {0}</source>
        <translation>已保存到 {0}</translation>
    </message>
    <message>
        <source>Open saved game</source>
        <translation>打开存档</translation>
    </message>
    <message>
        <source>Cannot open save</source>
        <translation>无法打开存档</translation>
    </message>
    <message>
        <source>Cannot write preferences</source>
        <translation>无法写入首选项</translation>
    </message>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>New games use table mode (type the dice you roll)</source>
        <translation>新游戏使用桌面模式（输入你掷出的点数）</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Counter size</source>
        <translation>算子大小</translation>
    </message>
    <message>
        <source>Adjutant saves (*.adjutant.json *.json)</source>
        <translation>Adjutant 存档 (*.adjutant.json *.json)</translation>
    </message>
</context>
<context>
    <name>Editor</name>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Brush: click or drag across the board to paint</source>
        <translation>画笔：在地图上单击或拖动以绘制</translation>
    </message>
    <message>
        <source>Cannot edit this file</source>
        <translation>无法编辑此文件</translation>
    </message>
    <message>
        <source>Cannot playtest yet</source>
        <translation>暂时无法试玩</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>Click a counter, tile or marker on the board to inspect it.</source>
        <translation>单击地图上的算子、图砖或标记以查看其属性。</translation>
    </message>
    <message>
        <source>Editor toolbar</source>
        <translation>编辑器工具栏</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>No problems: the mission can be played.</source>
        <translation>没有问题：任务可以进行。</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开剧本</translation>
    </message>
    <message>
        <source>Palette</source>
        <translation>素材板</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Save scenario as</source>
        <translation>剧本另存为</translation>
    </message>
    <message>
        <source>Saved {0}</source>
        <translation>已保存 {0}</translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>剧本文件 (*.json)</translation>
    </message>
    <message>
        <source>Select / move</source>
        <translation>选择/移动</translation>
    </message>
    <message>
        <source>Set-up</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Smoke test: {0}/{1} games, {2} finished, {3} dead ends, {4} runaways, {5} crashes</source>
        <translation>冒烟测试：{0}/{1}局，{2}局结束，{3}局僵局，{4}局失控，{5}局崩溃</translation>
    </message>
    <message>
        <source>The document does not load: the board shows the last version that did.</source>
        <translation>文档无法载入：地图显示的是最后一个可载入的版本。</translation>
    </message>
    <message>
        <source>The document has unsaved changes. Discard them?</source>
        <translation>文档有未保存的修改。要放弃吗？</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Editor</source>
        <translation>编辑器</translation>
    </message>
    <message>
        <source>Close editor</source>
        <translation>关闭编辑器</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Fit board</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Flip tile</source>
        <translation>翻转图砖</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Playtest</source>
        <translation>试玩</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>旋转</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Smoke test</source>
        <translation>冒烟测试</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Tile editor…</source>
        <translation>地图板编辑器…</translation>
    </message>
    <message>
        <source>This system has no tiles to edit.</source>
        <translation>此游戏系统没有可编辑的地图板。</translation>
    </message>
    <message>
        <source>New tile</source>
        <translation>新地图板</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>English name</source>
        <translation>英文名</translation>
    </message>
    <message>
        <source>Chinese name</source>
        <translation>中文名</translation>
    </message>
    <message>
        <source>Width (squares)</source>
        <translation>宽度（格）</translation>
    </message>
    <message>
        <source>Height (squares)</source>
        <translation>高度（格）</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Open library…</source>
        <translation>打开图库…</translation>
    </message>
    <message>
        <source>Turn mark</source>
        <translation>转动标记</translation>
    </message>
    <message>
        <source>Erase marks</source>
        <translation>擦除标记</translation>
    </message>
    <message>
        <source>Close tile editor</source>
        <translation>关闭地图板编辑器</translation>
    </message>
    <message>
        <source>New tile…</source>
        <translation>新地图板…</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>面</translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation>地图板</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Tile</source>
        <translation>地图板</translation>
    </message>
    <message>
        <source>Square</source>
        <translation>方格</translation>
    </message>
    <message>
        <source>Tile editor toolbar</source>
        <translation>地图板编辑器工具栏</translation>
    </message>
    <message>
        <source>Cannot open this library</source>
        <translation>无法打开此图库</translation>
    </message>
    <message>
        <source>Open tile library</source>
        <translation>打开地图板图库</translation>
    </message>
    <message>
        <source>Tile libraries (*.json)</source>
        <translation>地图板图库 (*.json)</translation>
    </message>
    <message>
        <source>Save tile library as</source>
        <translation>地图板图库另存为</translation>
    </message>
    <message>
        <source>The tile library has unsaved changes. Discard them?</source>
        <translation>地图板图库有未保存的修改。放弃这些修改吗？</translation>
    </message>
    <message>
        <source>Select a square to see and edit its marks.</source>
        <translation>选择一个方格以查看和编辑其标记。</translation>
    </message>
    <message>
        <source>Tile editor</source>
        <translation>地图板编辑器</translation>
    </message>
    <message>
        <source>The mission still uses its old tiles</source>
        <translation>任务仍使用原来的地图板</translation>
    </message>
</context>
<context>
    <name>TableChecklist</name>
    <message>
        <source>At the table</source>
        <translation>桌面操作</translation>
    </message>
    <message>
        <source>Do this on the physical board, then tick it off:</source>
        <translation>在实体棋盘上完成以下操作，完成后勾选：</translation>
    </message>
    <message>
        <source>Nothing to move on the table now.</source>
        <translation>现在桌面上无需操作。</translation>
    </message>
    <message>
        <source>This phase</source>
        <translation>本阶段</translation>
    </message>
    <message>
        <source>After the last move</source>
        <translation>上一步之后</translation>
    </message>
</context>
<context>
    <name>PrivacyScreen</name>
    <message>
        <source>{0} to play</source>
        <translation>轮到{0}</translation>
    </message>
    <message>
        <source>Hot-seat: the other player looks away while {0} plays.</source>
        <translation>轮流对战：{0}行动时，另一位玩家请回避。</translation>
    </message>
    <message>
        <source>I am {0}: show my side</source>
        <translation>我是{0}：显示我方画面</translation>
    </message>
</context>
<context>
    <name>Help</name>
    <message>
        <source>How to play {0}</source>
        <translation>{0} 玩法说明</translation>
    </message>
    <message>
        <source>There is no guide for {0} in this installation.</source>
        <translation>本安装中没有 {0} 的玩法指南。</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>Objectives</name>
    <message>
        <source>Objectives and victory</source>
        <translation>目标与胜利</translation>
    </message>
    <message>
        <source>Result: {0}</source>
        <translation>结果：{0}</translation>
    </message>
    <message>
        <source>Briefing</source>
        <translation>简报</translation>
    </message>
    <message>
        <source>Objectives on the board</source>
        <translation>棋盘上的目标</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>比分</translation>
    </message>
    <message>
        <source>This scenario has no briefing.</source>
        <translation>本剧本没有简报。</translation>
    </message>
</context>
<context>
    <name>TableSync</name>
    <message>
        <source>Correct to match the table</source>
        <translation>校正为与桌面一致</translation>
    </message>
    <message>
        <source>Click the square or hex to move it to.</source>
        <translation>点击要移到的方格或六角格。</translation>
    </message>
</context>
<context>
    <name>BotSeats</name>
    <message>
        <source>Bot seats</source>
        <translation>电脑代打</translation>
    </message>
    <message>
        <source>The bot plays {0}</source>
        <translation>由电脑执掌{0}</translation>
    </message>
</context>
<context>
    <name>OutcomeBanner</name>
    <message>
        <source>Game over — {0} ({1})</source>
        <translation>游戏结束——{0}（{1}）</translation>
    </message>
    <message>
        <source>Why: {0}</source>
        <translation>原因：{0}</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>新游戏</translation>
    </message>
</context>
<context>
    <name>HistoryDock</name>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>Show the board after this command</source>
        <translation>显示此命令后的地图</translation>
    </message>
    <message>
        <source>Look back at the position after the selected command (read only)</source>
        <translation>回看所选命令之后的局面（只读）</translation>
    </message>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
    <message>
        <source>Bot: {0}</source>
        <translation>电脑：{0}</translation>
    </message>
</context>
<context>
    <name>PastBoard</name>
    <message>
        <source>Back to the game</source>
        <translation>返回对局</translation>
    </message>
    <message>
        <source>The board shows a past position: Back to the game to play on.</source>
        <translation>地图显示的是过去的局面：请点击“返回对局”继续。</translation>
    </message>
    <message>
        <source>The board after command {0} of {1} ({2}), read only: the game waits.</source>
        <translation>第{0}条命令（共{1}条）之后的地图（{2}），只读：对局暂停中。</translation>
    </message>
</context>
<context>
    <name>Waypoints</name>
    <message>
        <source>Waypoint: Shift or pause while dragging</source>
        <translation>途经点：拖动时按住 Shift 或停顿</translation>
    </message>
    <message>
        <source>While you drag a unit, pause on a hex or hold Shift to make the move pass through it; Backspace takes the last waypoint back. The path and its cost are drawn; drop to move along it.</source>
        <translation>拖动部队时，在某格上停顿或按住 Shift，移动就会经过该格；按退格键撤销最后一个途经点。图上会画出路径及其消耗；松开鼠标即沿此路径移动。</translation>
    </message>
    <message>
        <source>Along your waypoints: {0} ({1}); drop to move</source>
        <translation>经由途经点：{0}（{1}）；松开鼠标即移动</translation>
    </message>
</context>
</TS>
